import { PricingPage } from '@/features/billing/components/pricing-page';

/** /choose_plan_mobile: the plans in one column, for phones. */
export default function ChoosePlanMobileRoute() {
  return <PricingPage singleColumn />;
}
