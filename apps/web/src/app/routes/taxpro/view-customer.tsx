import { ComingSoon } from '@/components/layouts/coming-soon';

export default function TaxProViewCustomerRoute() {
  return <ComingSoon title="Client" description="One client's tax years and reports." />;
}
