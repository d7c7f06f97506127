import type { Plan } from '@lotwise/contracts/billing/billing';
import { formatMoney } from '@/lib/format/amount';

/** A plan's limit as a number; null (unlimited) holds everything. */
const capacity = (plan: Plan): number => plan.transaction_limit ?? Number.POSITIVE_INFINITY;

/** Whether a plan holds this many transactions. */
export function planHolds(plan: Plan, transactionCount: number): boolean {
  return capacity(plan) >= transactionCount;
}

/**
 * The plan that fits: the smallest plan whose limit holds the user's transactions (unlimited
 * plans last; on equal limits the cheaper one). null when no plan holds them.
 */
export function recommendedPlan(plans: readonly Plan[], transactionCount: number): Plan | null {
  const fitting = plans.filter((p) => planHolds(p, transactionCount));
  fitting.sort((a, b) => capacity(a) - capacity(b) || Number(a.price) - Number(b.price));
  return fitting[0] ?? null;
}

/** "$49.00", "€29.00", "149.00 CHF"; a free plan reads "Free". */
export function formatPlanPrice(plan: Pick<Plan, 'price' | 'currency'>): string {
  if (Number(plan.price) === 0) return 'Free';
  return formatMoney(plan.price, plan.currency);
}

/** "Up to 1,000 transactions" or "Unlimited transactions". */
export function formatPlanLimit(limit: number | null): string {
  if (limit === null) return 'Unlimited transactions';
  return `Up to ${limit.toLocaleString('en-US')} ${limit === 1 ? 'transaction' : 'transactions'}`;
}

/** "1 transaction", "1,234 transactions". */
export function formatTransactionCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'transaction' : 'transactions'}`;
}
