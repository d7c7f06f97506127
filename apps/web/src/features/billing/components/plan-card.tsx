import type { Plan } from '@lotwise/contracts/billing/billing';
import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { formatPlanLimit, formatPlanPrice } from '../utils/plans';

export interface PlanCardProps {
  plan: Plan;
  /** The smallest plan that holds the user's transactions. */
  recommended: boolean;
  /** The user's plan for this tax year. */
  current: boolean;
  /** false: billing is off, so no buy buttons. */
  canBuy: boolean;
  /** This plan's checkout is starting. */
  buying: boolean;
  /** Another checkout is starting. */
  busy: boolean;
  onBuy: (plan: Plan) => void;
}

/** One plan: name, price, transaction limit, features and the buy button. */
export function PlanCard({ plan, recommended, current, canBuy, buying, busy, onBuy }: PlanCardProps) {
  const highlighted = current || recommended;
  return (
    <Card
      withBorder
      radius="md"
      p="lg"
      h="100%"
      data-testid="plan-card"
      data-plan-id={plan.id}
      style={highlighted ? { borderColor: 'var(--mantine-color-teal-5)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={3} fz="lg">
            {plan.name}
          </Title>
          <Group gap={4} wrap="nowrap">
            {current ? (
              <Badge color="teal" variant="filled" data-testid="plan-current">
                Your plan
              </Badge>
            ) : null}
            {recommended && !current ? (
              <Badge color="teal" variant="light" data-testid="plan-recommended">
                Recommended
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text fz={28} fw={700} lh={1.1} data-testid="plan-price">
          {formatPlanPrice(plan)}
        </Text>
        <Text fz="sm" fw={500} data-testid="plan-limit">
          {formatPlanLimit(plan.transaction_limit)}
        </Text>
        {plan.features.length > 0 ? (
          <List
            spacing={6}
            size="sm"
            icon={
              <ThemeIcon size={18} radius="xl" color="teal" variant="light">
                <IconCheck size={12} />
              </ThemeIcon>
            }
            style={{ flex: 1 }}
          >
            {plan.features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        ) : (
          <div style={{ flex: 1 }} />
        )}
        {canBuy ? (
          <Button
            fullWidth
            variant={highlighted ? 'filled' : 'light'}
            disabled={current || (busy && !buying)}
            loading={buying}
            onClick={() => onBuy(plan)}
            data-testid="plan-buy"
          >
            Buy {plan.name}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
