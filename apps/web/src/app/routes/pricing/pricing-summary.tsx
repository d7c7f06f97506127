import { PricingSummaryPage } from '@/features/billing/components/pricing-summary-page';

/** /pricing_summary?taxYear&planId: the chosen plan before the payment page. */
export default function PricingSummaryRoute() {
  return <PricingSummaryPage />;
}
