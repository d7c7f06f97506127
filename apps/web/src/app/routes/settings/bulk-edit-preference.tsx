import { PageHeader } from '@/components/ui/page-header';
import { BulkEditPreferenceForm } from '@/features/settings/components/bulk-edit-preference-form';
import { SettingsTabs } from '@/features/settings/components/settings-tabs';

/** /settings/bulk_edit_preference (also reached as /settings#bulk_edit_preference). */
export default function BulkEditPreferenceRoute() {
  return (
    <>
      <PageHeader title="Settings" description="How bulk edits on the transactions list apply." />
      <SettingsTabs active="profile" />
      <BulkEditPreferenceForm />
    </>
  );
}
