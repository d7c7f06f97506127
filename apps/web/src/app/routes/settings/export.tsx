import { ComingSoon } from '@/components/layouts/coming-soon';

export default function ExportRoute() {
  return <ComingSoon title="Download transactions" description="Export your transactions as CSV." />;
}
