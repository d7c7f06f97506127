import { ComingSoon } from '@/components/layouts/coming-soon';

export default function LabsPriceRoute() {
  return <ComingSoon title="Price" description="Price history of one asset (beta)." />;
}
