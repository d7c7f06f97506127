import { ComingSoon } from '@/components/layouts/coming-soon';

export default function TransactionSourcesRoute() {
  return (
    <ComingSoon title="Imported History" description="Every file, API key and wallet you have imported." />
  );
}
