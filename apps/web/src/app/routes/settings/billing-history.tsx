import { PageHeader } from '@/components/ui/page-header';
import { BillingHistoryPanel } from '@/features/billing/components/billing-history-panel';
import { SettingsTabs } from '@/features/settings/components/settings-tabs';

/** /settings/billing-history: payments and granted plans (spec 01 §2, §7). */
export default function BillingHistoryRoute() {
  return (
    <>
      <PageHeader title="Settings" description="Your plans and payments per tax year." />
      <SettingsTabs active="billing" />
      <BillingHistoryPanel />
    </>
  );
}
