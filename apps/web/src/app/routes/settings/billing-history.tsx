import { ComingSoon } from '@/components/layouts/coming-soon';

export default function BillingHistoryRoute() {
  return <ComingSoon title="Billing history" description="Your plans and payments per tax year." />;
}
