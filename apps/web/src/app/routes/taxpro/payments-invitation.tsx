import { ComingSoon } from '@/components/layouts/coming-soon';

export default function TaxProPaymentsInvitationRoute() {
  return <ComingSoon title="Invite client to pay" description="Send a client a payment invitation." />;
}
