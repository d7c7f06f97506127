import { ComingSoon } from '@/components/layouts/coming-soon';

export default function PricingSummaryRoute() {
  return <ComingSoon title="Plan summary" description="Review your plan before payment." />;
}
