import { ComingSoon } from '@/components/layouts/coming-soon';

export default function TaxSummaryRoute() {
  return <ComingSoon title="Tax summary" description="A summary of your tax year." />;
}
