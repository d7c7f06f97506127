import { Button, Card, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useAllImportHistories } from '@/lib/api/imports/list-all-import-histories';
import { errorText } from '@/lib/api-client';
import { accountLabel, formatCount } from '@/lib/import-state';

/** The CSV download of one account's transactions, or all of them (user_transaction_data.csv). */
export function downloadHref(id: string): string {
  return `/api/transaction/download_users_transactions/${encodeURIComponent(id)}`;
}

export function ExportPanel({ initialId }: { initialId: string | null }) {
  const histories = useAllImportHistories();
  const [choice, setChoice] = useState<string | null>(null);
  if (histories.isPending) return <LoadingState />;
  if (histories.isError)
    return <ErrorState message={errorText(histories.error)} onRetry={() => histories.refetch()} />;
  const rows = histories.data;
  const total = rows.reduce((n, r) => n + r.total_transactions, 0);
  if (total === 0)
    return (
      <EmptyState
        title="Nothing to download yet"
        description="Import transactions first; then download them here."
      />
    );
  const known = (id: string | null) => id === 'all' || rows.some((r) => String(r.id) === id);
  const value = known(choice) ? choice : known(initialId) ? initialId : 'all';
  const count = value === 'all' ? total : (rows.find((r) => String(r.id) === value)?.total_transactions ?? 0);

  return (
    <Card p={{ base: 'md', sm: 'xl' }} maw={560}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            Download transactions
          </Title>
          <Text fz="sm" c="dimmed">
            A CSV file with one line per transaction, ready for a spreadsheet. Cells that a spreadsheet would
            run as formulas are made safe.
          </Text>
        </Stack>
        <Select
          label="Account"
          data={[
            { value: 'all', label: 'All accounts' },
            ...rows.map((r) => ({ value: String(r.id), label: accountLabel(r) })),
          ]}
          value={value}
          onChange={setChoice}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          component="a"
          href={downloadHref(value ?? 'all')}
          download="user_transaction_data.csv"
          leftSection={<IconDownload size={16} />}
          disabled={count === 0}
          style={{ alignSelf: 'flex-start' }}
        >
          Download {formatCount(count)} transactions
        </Button>
      </Stack>
    </Card>
  );
}
