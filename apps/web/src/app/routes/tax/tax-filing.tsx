import { TaxFilingPage } from '@/features/tax/components/tax-filing-page';

export default function TaxFilingRoute() {
  return <TaxFilingPage />;
}
