import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { NewImportsBanner } from '@/components/tax/new-imports-banner';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { errorText } from '@/lib/api-client';
import { useDeletePriceFile, usePriceFiles } from '../api/price-files';
import { PriceUploadForm } from './price-upload-form';

const fileName = (origin: string) => origin.replace(/^(user|file):/, '');

function confirmRemove(origin: string, remove: (origin: string) => void) {
  modals.openConfirmModal({
    title: 'Remove price file',
    children: (
      <Text fz="sm">Remove the prices of {fileName(origin)}? Recalculate your taxes afterwards.</Text>
    ),
    labels: { confirm: 'Remove', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => remove(origin),
  });
}

/** Settings → Prices: where values come from, your price files, and loading another. */
export function PriceFilesPanel() {
  const files = usePriceFiles();
  const remove = useDeletePriceFile();
  const mobile = useIsMobile();
  if (files.isPending) return <LoadingState label="Loading your prices…" />;
  if (files.isError) return <ErrorState message={errorText(files.error)} onRetry={() => files.refetch()} />;
  const { providers, pegs, can_load_shared } = files.data.data;
  const onRemove = (origin: string) =>
    remove.mutate(origin, {
      onSuccess: (answer) => notifications.show({ color: 'teal', message: answer.message }),
    });
  return (
    <Stack gap="lg">
      <NewImportsBanner />
      <Card>
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Where values come from
          </Title>
          <Text fz="sm" c="dimmed">
            In order: the value in your file, the fiat side of a trade, the other side of a trade, your manual
            prices and price files, the price table, then the price providers. A value nothing gives stays
            “Missing Price”, never 0.
          </Text>
          <Group gap="xs">
            <Text fz="sm" fw={600}>
              Providers:
            </Text>
            {providers.length > 0 ? (
              providers.map((p) => (
                <Badge key={p} variant="light">
                  {p}
                </Badge>
              ))
            ) : (
              <Text fz="sm">none — this instance works offline (files, manual prices and pegs)</Text>
            )}
          </Group>
          <Group gap="xs">
            <Text fz="sm" fw={600}>
              Stablecoins at their peg when nothing else prices them:
            </Text>
            <Text fz="sm">
              {pegs.length > 0 ? pegs.map((p) => `${p.asset} (${p.currency})`).join(', ') : 'none'}
            </Text>
          </Group>
        </Stack>
      </Card>
      <PriceUploadForm canShare={can_load_shared} />
      <Card>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Your price files
          </Title>
          {files.data.data.files.length === 0 ? (
            <Text fz="sm" c="dimmed">
              You have not loaded any prices yet.
            </Text>
          ) : mobile ? (
            files.data.data.files.map((f) => (
              <Card key={f.origin} withBorder p="sm" data-testid="price-file">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} fz="sm">
                      {fileName(f.origin)}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {f.prices} prices · {f.assets} assets · {f.first_day} – {f.last_day}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    style={{ flexShrink: 0 }}
                    onClick={() => confirmRemove(f.origin, onRemove)}
                  >
                    Remove
                  </Button>
                </Group>
              </Card>
            ))
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>File</Table.Th>
                  <Table.Th ta="right">Prices</Table.Th>
                  <Table.Th ta="right">Assets</Table.Th>
                  <Table.Th>Days</Table.Th>
                  <Table.Th>Loaded</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.data.data.files.map((f) => (
                  <Table.Tr key={f.origin} data-testid="price-file">
                    <Table.Td>{fileName(f.origin)}</Table.Td>
                    <Table.Td ta="right">{f.prices.toLocaleString('en-US')}</Table.Td>
                    <Table.Td ta="right">{f.assets}</Table.Td>
                    <Table.Td>
                      {f.first_day} – {f.last_day}
                    </Table.Td>
                    <Table.Td>{f.loaded_at.slice(0, 10)}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => confirmRemove(f.origin, onRemove)}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
