import { AcceptInvitationPage } from '@/features/taxpro/components/accept-invitation-page';

export default function AcceptInvitationRoute() {
  return <AcceptInvitationPage />;
}
