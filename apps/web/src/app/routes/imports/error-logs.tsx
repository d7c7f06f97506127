import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { ErrorLog } from '@/features/imports/components/error-log';

/** /error-logs?id={import file id}: the rows of one upload that could not be imported. */
export default function ErrorLogsRoute() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  return (
    <>
      <PageHeader
        title="Import error log"
        description="Rows that could not be imported, and why."
        actions={
          <Button
            component={Link}
            to={paths.transactionSources.path}
            variant="default"
            size="sm"
            leftSection={<IconArrowLeft size={16} />}
          >
            Imported History
          </Button>
        }
      />
      {id === null ? (
        <ErrorState title="No import chosen" message="Open an error log from your Imported History." />
      ) : (
        <ErrorLog fileId={id} />
      )}
    </>
  );
}
