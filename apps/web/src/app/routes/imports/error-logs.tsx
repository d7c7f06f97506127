import { ComingSoon } from '@/components/layouts/coming-soon';

export default function ErrorLogsRoute() {
  return <ComingSoon title="Import error log" description="Rows that could not be imported, and why." />;
}
