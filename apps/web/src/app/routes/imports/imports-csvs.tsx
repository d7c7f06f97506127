import { ComingSoon } from '@/components/layouts/coming-soon';

export default function ImportsCsvsRoute() {
  return (
    <ComingSoon title="CSV imports" description="Upload and track CSV files from exchanges and wallets." />
  );
}
