import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorText } from '@/lib/api-client';
import { usePlans } from '../api/list-plans';
import { usePlanCheckout } from '../hooks/use-plan-checkout';
import { formatTransactionCount, recommendedPlan } from '../utils/plans';
import { pricingSummaryHref, readPricingParams } from '../utils/pricing-params';
import { BillingOffNote, CheckoutError, TooManyNote } from './billing-notes';
import { PlanList } from './plan-list';
import { PlanYearSelect } from './plan-year-select';

/**
 * /pricing?callUrl&taxYear (and /choose_plan_mobile, one column): the plans of a tax year,
 * the one that fits the user's transactions, their current plan and the way to buy one.
 */
export function PricingPage({ singleColumn = false }: { singleColumn?: boolean }) {
  const [params, setParams] = useSearchParams();
  const { callUrl, taxYear } = readPricingParams(params);
  const plans = usePlans(taxYear);
  const checkout = usePlanCheckout(callUrl);
  const data = plans.data;

  const chooseYear = (year: number) => {
    const next = new URLSearchParams(params);
    next.set('taxYear', String(year));
    setParams(next);
  };

  const header = (
    <PageHeader
      title={singleColumn ? 'Choose a plan' : 'Pricing'}
      description="One payment per tax year. Pick the plan that holds your transactions."
      actions={
        data ? <PlanYearSelect years={data.tax_years} value={data.tax_year} onChange={chooseYear} /> : null
      }
    />
  );
  if (plans.isPending) {
    return (
      <>
        {header}
        <LoadingState label="Loading plans…" />
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

  // Billing off: nothing is sold, so no plans, prices or counts — only the note.
  if (!data.billing_enabled) {
    return (
      <>
        <PageHeader title={singleColumn ? 'Choose a plan' : 'Pricing'} />
        <BillingOffNote />
      </>
    );
  }

  const fits = recommendedPlan(data.plans, data.transaction_count);
  const year = data.tax_year;
  return (
    <>
      {header}
      <Stack gap="md">
        <Text fz="sm" data-testid="pricing-transaction-count">
          You have <b>{formatTransactionCount(data.transaction_count)}</b> in {year}
          {fits ? (
            <>
              {' '}
              — the <b>{fits.name}</b> plan fits them.{' '}
              {data.billing_enabled && fits.id !== data.current_plan_id ? (
                <Anchor
                  component={Link}
                  to={pricingSummaryHref({ callUrl, taxYear: year, planId: fits.id })}
                  fz="sm"
                  data-testid="pricing-summary-link"
                >
                  See the summary
                </Anchor>
              ) : null}
            </>
          ) : (
            '.'
          )}
        </Text>
        {!fits && data.plans.length > 0 ? <TooManyNote /> : null}
        {checkout.error ? <CheckoutError message={checkout.error} /> : null}
        {data.plans.length === 0 ? (
          <Text c="dimmed" fz="sm" data-testid="pricing-empty">
            No plans are on sale for {year}.
          </Text>
        ) : (
          <PlanList
            plans={data.plans}
            recommendedId={fits?.id ?? null}
            currentId={data.current_plan_id}
            canBuy={data.billing_enabled}
            buyingId={checkout.buyingId}
            onBuy={(plan) => checkout.buy(plan, year)}
            singleColumn={singleColumn}
          />
        )}
      </Stack>
    </>
  );
}
