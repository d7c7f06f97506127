import { PageHeader } from '@/components/ui/page-header';
import { PriceFilesPanel } from '@/features/prices/components/price-files-panel';
import { SettingsTabs } from '@/features/settings/components/settings-tabs';

/** /settings/prices: price providers, pegs and the user's own price files. */
export default function PricesSettingsRoute() {
  return (
    <>
      <PageHeader title="Settings" description="Where your transactions' values come from." />
      <SettingsTabs active="prices" />
      <PriceFilesPanel />
    </>
  );
}
