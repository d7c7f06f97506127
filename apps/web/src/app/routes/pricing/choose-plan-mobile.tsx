import { ComingSoon } from '@/components/layouts/coming-soon';

export default function ChoosePlanMobileRoute() {
  return <ComingSoon title="Choose a plan" description="Pick a tax plan." />;
}
