import { ComingSoon } from '@/components/layouts/coming-soon';

export default function OneYearRoute() {
  return <ComingSoon title="Tax results" description="Gains, losses and income for one tax year." />;
}
