import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ExportPanel } from '@/features/imports/components/export-panel';

/** /settings/export?id={id}&group={group} or &type={type}: transaction download. */
export default function ExportRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title="Download transactions" description="Export your transactions as CSV." />
      <ExportPanel initialId={params.get('id') ?? params.get('group')} />
    </>
  );
}
