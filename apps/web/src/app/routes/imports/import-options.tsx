import { ComingSoon } from '@/components/layouts/coming-soon';

export default function ImportOptionsRoute() {
  return <ComingSoon title="Import options" description="Fix or resync an import source." />;
}
