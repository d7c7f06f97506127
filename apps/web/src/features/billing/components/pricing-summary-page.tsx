import { Anchor, Badge, Button, Card, Group, List, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconCreditCard } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorText } from '@/lib/api-client';
import { usePlans } from '../api/list-plans';
import { usePlanCheckout } from '../hooks/use-plan-checkout';
import { formatPlanLimit, formatPlanPrice, formatTransactionCount, recommendedPlan } from '../utils/plans';
import { pricingHref, readPricingParams } from '../utils/pricing-params';
import { BillingOffNote, CheckoutError, TooManyNote } from './billing-notes';

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <Table.Tr>
      <Table.Th w={{ base: 120, sm: 200 }} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td data-testid={testId}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** /pricing_summary?taxYear&planId: what the user is about to buy, before the payment page. */
export function PricingSummaryPage() {
  const [params] = useSearchParams();
  const { callUrl, taxYear, planId } = readPricingParams(params);
  const plans = usePlans(taxYear);
  const checkout = usePlanCheckout(callUrl);
  const data = plans.data;
  const header = <PageHeader title="Plan summary" description="Check your plan before you pay." />;

  if (plans.isPending) {
    return (
      <>
        {header}
        <LoadingState />
      </>
    );
  }
  if (!data) {
    return (
      <>
        {header}
        <ErrorState message={errorText(plans.error)} onRetry={() => plans.refetch()} />
      </>
    );
  }

  // Billing off: nothing is sold, so no plan, price or count to check (as /pricing) — only the note.
  if (!data.billing_enabled) {
    return (
      <>
        <PageHeader title="Plan summary" />
        <BillingOffNote />
      </>
    );
  }

  const fits = recommendedPlan(data.plans, data.transaction_count);
  const chosen = data.plans.find((p) => p.id === planId) ?? fits;
  const year = data.tax_year;
  const owned = chosen !== null && chosen.id === data.current_plan_id;
  const back = (
    <Anchor component={Link} to={pricingHref({ callUrl, taxYear: year })} fz="sm" data-testid="summary-back">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        See all plans
      </Group>
    </Anchor>
  );

  return (
    <>
      {header}
      <Stack gap="md" maw={640}>
        {!fits && data.plans.length > 0 ? <TooManyNote /> : null}
        <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="pricing-summary">
          <Table layout="fixed" withRowBorders={false} verticalSpacing={6}>
            <Table.Tbody>
              <Row label="Tax year" testId="summary-year">
                {year}
              </Row>
              <Row label="Transactions" testId="summary-count">
                {formatTransactionCount(data.transaction_count)}
              </Row>
              <Row label="Plan" testId="summary-plan">
                {chosen ? (
                  <Group gap="xs">
                    <Text fw={600}>{chosen.name}</Text>
                    {owned ? (
                      <Badge color="teal">Your plan</Badge>
                    ) : chosen.id === fits?.id ? (
                      <Badge color="teal" variant="light">
                        Fits your transactions
                      </Badge>
                    ) : null}
                  </Group>
                ) : (
                  '—'
                )}
              </Row>
              {chosen ? (
                <>
                  <Row label="Limit" testId="summary-limit">
                    {formatPlanLimit(chosen.transaction_limit)}
                  </Row>
                  <Row label="Price" testId="summary-price">
                    {formatPlanPrice(chosen)}
                  </Row>
                </>
              ) : null}
            </Table.Tbody>
          </Table>
          {chosen && chosen.features.length > 0 ? (
            <Stack gap={6} mt="sm">
              <Text fw={600} fz="sm">
                What it includes
              </Text>
              <List size="sm" spacing={4} data-testid="summary-features">
                {chosen.features.map((f) => (
                  <List.Item key={f}>{f}</List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
        </Card>
        {checkout.error ? <CheckoutError message={checkout.error} /> : null}
        <Group justify="space-between" gap="sm">
          {back}
          {chosen && !owned ? (
            <Button
              leftSection={<IconCreditCard size={16} />}
              loading={checkout.buyingId !== null}
              onClick={() => checkout.buy(chosen, year)}
              data-testid="summary-continue"
            >
              Continue to payment
            </Button>
          ) : null}
        </Group>
      </Stack>
    </>
  );
}
