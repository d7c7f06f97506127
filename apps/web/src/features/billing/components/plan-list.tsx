import type { Plan } from '@lotwise/contracts/billing/billing';
import { SimpleGrid, Stack } from '@mantine/core';
import { PlanCard } from './plan-card';

export interface PlanListProps {
  plans: Plan[];
  recommendedId: string | null;
  currentId: string | null;
  canBuy: boolean;
  /** The plan whose checkout is starting. */
  buyingId: string | null;
  onBuy: (plan: Plan) => void;
  /** One column (the phone page /choose_plan_mobile); otherwise a grid from tablet width up. */
  singleColumn?: boolean;
}

/** The catalogue of a tax year as cards. */
export function PlanList({
  plans,
  recommendedId,
  currentId,
  canBuy,
  buyingId,
  onBuy,
  singleColumn,
}: PlanListProps) {
  const cards = plans.map((plan) => (
    <PlanCard
      key={plan.id}
      plan={plan}
      recommended={plan.id === recommendedId}
      current={plan.id === currentId}
      canBuy={canBuy}
      buying={plan.id === buyingId}
      busy={buyingId !== null}
      onBuy={onBuy}
    />
  ));
  if (singleColumn) {
    return (
      <Stack gap="md" data-testid="plan-list">
        {cards}
      </Stack>
    );
  }
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, md: Math.min(Math.max(plans.length, 1), 4) }}
      spacing="md"
      data-testid="plan-list"
    >
      {cards}
    </SimpleGrid>
  );
}
