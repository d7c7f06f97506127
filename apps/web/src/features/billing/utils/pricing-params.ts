import { paths } from '@/config/paths';

/** The query of /pricing, /choose_plan_mobile and /pricing_summary (spec 01 §2). */
export interface PricingParams {
  callUrl: string | null;
  taxYear: number | null;
  planId: string | null;
}

export function readPricingParams(params: URLSearchParams): PricingParams {
  const year = Number.parseInt(params.get('taxYear') ?? '', 10);
  return {
    callUrl: params.get('callUrl') || null,
    taxYear: Number.isInteger(year) && year >= 2009 && year <= 2100 ? year : null,
    planId: params.get('planId') || null,
  };
}

/** The pricing page again, keeping where it was opened from. */
export function pricingHref({ callUrl, taxYear }: Pick<PricingParams, 'callUrl' | 'taxYear'>): string {
  return paths.pricing.getHref({ callUrl: callUrl ?? undefined, taxYear: taxYear ?? undefined });
}

export function pricingSummaryHref(q: { callUrl: string | null; taxYear: number; planId: string }): string {
  const search = new URLSearchParams({ taxYear: String(q.taxYear), planId: q.planId });
  if (q.callUrl) search.set('callUrl', q.callUrl);
  return `${paths.pricingSummary.path}?${search.toString()}`;
}
