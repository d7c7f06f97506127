import { TaxSummaryPage } from '@/features/review/components/tax-summary-page';

/** /tax_summary: the end of the guided review (spec 01 §4 step 5). */
export default function TaxSummaryRoute() {
  return <TaxSummaryPage />;
}
