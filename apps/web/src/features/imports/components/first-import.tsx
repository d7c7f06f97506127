import type { ImportHistoryRow } from '@lotwise/contracts/imports/import-histories';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { accountLabel } from '@/lib/import-state';
import type { useUploads } from '../hooks/use-uploads';
import { ImportDropzone } from './import-dropzone';
import { ImportStatus } from './import-status';
import { ManualEntryButton } from './manual-entry-button';
import { UploadList } from './upload-list';

interface FirstImportProps {
  /** Accounts already importing (a first import still running when the page opens). */
  running: ImportHistoryRow[];
  /** Where "View your imports" leads (the saved imports path). */
  importsHref: string;
  uploads: ReturnType<typeof useUploads>;
}

/** Landing and first import (spec 01 §2): drop an export, watch it import, move on. */
export function FirstImport({ running, importsHref, uploads }: FirstImportProps) {
  const finished = uploads.items.some((i) => i.stage === 'processing');
  return (
    <Card p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} fz="xl">
            Import your first transactions
          </Title>
          <Text c="dimmed" fz="sm">
            Drop the CSV export of an exchange or wallet. We recognise more than 40 layouts — Coinbase,
            Kraken, Binance, Etherscan, Ledger Live and more — and you can add more accounts later.
          </Text>
        </Stack>
        <ImportDropzone onFiles={(files) => uploads.upload(files)} />
        {running.map((row) => (
          <Group key={row.id} justify="space-between" wrap="nowrap">
            <Text fw={600} fz="sm">
              {accountLabel(row)}
            </Text>
            <ImportStatus status={row.import_status} progress={row.progress} />
          </Group>
        ))}
        <UploadList items={uploads.items} onDismiss={uploads.dismiss} />
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <ManualEntryButton size="sm" />
            <Anchor component={Link} to={paths.imports.path} fz="sm">
              Browse supported exchanges
            </Anchor>
          </Group>
          {finished || running.length > 0 ? (
            <Button component={Link} to={importsHref} rightSection={<IconArrowRight size={16} />}>
              View your imports
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
