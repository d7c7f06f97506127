import { PricingPage } from '@/features/billing/components/pricing-page';

/** /pricing?callUrl={url}&taxYear={year} (spec 01 §2). */
export default function PricingRoute() {
  return <PricingPage />;
}
