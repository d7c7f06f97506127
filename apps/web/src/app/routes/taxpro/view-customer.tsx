import { ViewCustomerPage } from '@/app/routes/taxpro/view-customer-page';

export default function TaxProViewCustomerRoute() {
  return <ViewCustomerPage />;
}
