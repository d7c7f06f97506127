import { ComingSoon } from '@/components/layouts/coming-soon';

export default function LabsDashboardRoute() {
  return <ComingSoon title="Labs" description="Experimental market tools (beta)." />;
}
