import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';

/** A plan named by an admin grant or an accountant's invitation must be one the year sells. */
export function requireCataloguePlan(ctx: AppContext, taxYear: number, planId: string): void {
  if (ctx.billing.catalogue.plan(taxYear, planId)) return;
  const known = ctx.billing.catalogue
    .plans(taxYear)
    .map((p) => p.id)
    .join(', ');
  throw new AppError(
    'validation_failed',
    `There is no ${planId} plan for tax year ${taxYear} (plans: ${known}).`,
    {
      field: 'plan_id',
    },
  );
}
