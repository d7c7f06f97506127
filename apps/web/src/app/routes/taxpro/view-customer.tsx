import { ViewCustomerPage } from '@/features/taxpro/components/view-customer-page';

export default function TaxProViewCustomerRoute() {
  return <ViewCustomerPage />;
}
