import { ComingSoon } from '@/components/layouts/coming-soon';

export default function BulkEditPreferenceRoute() {
  return (
    <ComingSoon
      title="Bulk edit preference"
      description="Choose whether bulk edits apply to one page or all pages."
    />
  );
}
