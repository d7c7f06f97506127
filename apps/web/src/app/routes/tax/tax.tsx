import { TaxCentrePage } from '@/features/tax/components/tax-centre-page';

export default function TaxRoute() {
  return <TaxCentrePage />;
}
