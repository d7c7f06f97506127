import { Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useAllImportHistories } from '@/lib/api/imports/list-all-import-histories';
import { ExchangesTable } from './exchanges-table';
import { type ExchangeOption, UploadDialog, type UploadTarget } from './upload-dialog';

/** Add account: pick an exchange or wallet, then upload its export. */
export function AddAccountSection() {
  const accounts = useAllImportHistories();
  const [target, setTarget] = useState<UploadTarget | null>(null);
  const rows = accounts.data ?? [];
  const onImport = (exchange: ExchangeOption) =>
    setTarget({
      title: exchange.name,
      exchange,
      hasExisting: rows.some((a) => a.account_slug === exchange.slug && a.type === 'csv'),
    });
  return (
    <Card p={{ base: 'sm', sm: 'lg' }} id="add-account">
      <Stack gap={4} mb="sm">
        <Title order={2} fz="lg">
          Add account
        </Title>
        <Text fz="sm" c="dimmed">
          Choose where your transactions come from, then upload the export you downloaded there.
        </Text>
      </Stack>
      <ExchangesTable accounts={rows} onImport={onImport} />
      <UploadDialog target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}
