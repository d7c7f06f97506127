import { ComingSoon } from '@/components/layouts/coming-soon';

export default function PricingRoute() {
  return <ComingSoon title="Pricing" description="Choose the tax plan that fits your transaction count." />;
}
