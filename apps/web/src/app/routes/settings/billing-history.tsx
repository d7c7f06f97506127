import { ComingSoon } from '@/components/layouts/coming-soon';
import { SettingsTabs } from '@/features/settings/components/settings-tabs';

export default function BillingHistoryRoute() {
  return (
    <ComingSoon title="Billing history" description="Your plans and payments per tax year.">
      <SettingsTabs active="billing" />
    </ComingSoon>
  );
}
