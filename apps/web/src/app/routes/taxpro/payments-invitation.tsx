import { ViewCustomerPage } from '@/app/routes/taxpro/view-customer-page';

/** /tax_pro/payments/invitation?taxYear&planId&clientId: the client's page with the invitation to pay filled in. */
export default function TaxProPaymentsInvitationRoute() {
  return <ViewCustomerPage />;
}
