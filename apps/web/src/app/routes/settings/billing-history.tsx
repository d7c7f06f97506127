import { PageHeader } from '@/components/ui/page-header';
import { BillingHistoryPanel } from '@/features/billing/components/billing-history-panel';
import { SettingsTabs } from '@/features/settings/components/settings-tabs';
import { useBillingEnabled } from '@/lib/billing-status';

/**
 * /settings/billing-history: payments and granted plans (spec 01 §2, §7). With billing off it
 * says only that billing is off on this instance, with no Billing tab (issue 35.9).
 */
export default function BillingHistoryRoute() {
  const billing = useBillingEnabled();
  return (
    <>
      <PageHeader
        title="Settings"
        description={billing ? 'Your plans and payments per tax year.' : undefined}
      />
      <SettingsTabs active="billing" />
      <BillingHistoryPanel />
    </>
  );
}
