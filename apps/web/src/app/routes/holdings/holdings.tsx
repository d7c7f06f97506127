import { ComingSoon } from '@/components/layouts/coming-soon';

export default function HoldingsRoute() {
  return <ComingSoon title="Holdings" description="What you hold now, with cost basis per asset." />;
}
