import { ViewCustomerPage } from '@/app/routes/taxpro/view-customer-page';

/** /tax_pro/paymentForm?id&taxYear&type: until billing takes payments, the client's page with that plan and year filled in. */
export default function TaxProPaymentFormRoute() {
  return <ViewCustomerPage />;
}
