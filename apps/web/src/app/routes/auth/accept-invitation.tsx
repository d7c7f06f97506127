import { ComingSoon } from '@/components/layouts/coming-soon';

export default function AcceptInvitationRoute() {
  return (
    <ComingSoon title="Accept invitation" description="Accept an invitation from your tax professional." />
  );
}
