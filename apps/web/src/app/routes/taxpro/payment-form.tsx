import { ComingSoon } from '@/components/layouts/coming-soon';

export default function TaxProPaymentFormRoute() {
  return <ComingSoon title="Client payment" description="Pay for a client's tax plan." />;
}
