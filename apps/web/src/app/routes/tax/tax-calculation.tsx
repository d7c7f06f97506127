import { ComingSoon } from '@/components/layouts/coming-soon';

export default function TaxCalculationRoute() {
  return <ComingSoon title="Tax calculation" description="Progress of your tax calculation." />;
}
