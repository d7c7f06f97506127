import { ComingSoon } from '@/components/layouts/coming-soon';

export default function WorkWithTaxProRoute() {
  return (
    <ComingSoon
      title="Add Your Accountant / Tax Pro"
      description="Invite your accountant to view your Lotwise account."
    />
  );
}
