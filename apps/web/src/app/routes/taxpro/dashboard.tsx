import { ComingSoon } from '@/components/layouts/coming-soon';

export default function TaxProDashboardRoute() {
  return (
    <ComingSoon
      title="Tax Pro dashboard"
      description="Your clients, their tax years and invitations."
      features={['Client list with plan status', "View a client's account", 'Invite a client to pay']}
    />
  );
}
