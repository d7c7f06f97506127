import {
  ANNOTATION_RESET_CONFIRM,
  ANNOTATION_RESET_FAILED,
  EXCHANGE_DELETE_CONFIRM,
  EXCHANGE_DELETE_FAILED,
  type ExchangeEntry,
} from '@lotwise/contracts/transactions/edit/exchanges';
import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useDeleteExchange, useExchanges } from '../../api/edit/exchanges';
import { useResetAnnotations } from '../../api/edit/row-actions';

type Pending = { action: 'delete' | 'reset'; exchange: ExchangeEntry };

/**
 * Exchanges view (spec 02 §2): the user's exchanges and wallets with their counts, and per
 * account Delete and Reset annotations, each confirmed first; on success a notice and '/'.
 */
export function ExchangesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const exchanges = useExchanges(opened);
  const remove = useDeleteExchange();
  const reset = useResetAnnotations();
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = remove.isPending || reset.isPending;

  const succeed = (message: string) => {
    notifications.show({ color: 'green', message, autoClose: 6000 });
    setPending(null);
    onClose();
    void navigate('/');
  };
  const confirm = () => {
    if (!pending) return;
    setFailure(null);
    const id = pending.exchange.id;
    if (pending.action === 'delete') {
      remove.mutate(id, {
        onSuccess: (res) => succeed(res.message),
        onError: () => setFailure(EXCHANGE_DELETE_FAILED),
      });
    } else {
      reset.mutate(id, {
        onSuccess: (res) => succeed(res.message),
        onError: () => setFailure(ANNOTATION_RESET_FAILED),
      });
    }
  };
  const list = exchanges.data?.data.exchanges ?? [];

  return (
    <Modal opened={opened} onClose={onClose} title="Exchanges and wallets" size="lg" fullScreen={mobile}>
      <Stack gap="sm" data-testid="exchanges-dialog">
        {exchanges.isPending ? <Loader size="sm" aria-label="Loading exchanges" /> : null}
        {exchanges.isError ? <Alert color="red">Could not load your exchanges.</Alert> : null}
        {exchanges.data && list.length === 0 ? <Text c="dimmed">No exchanges or wallets yet.</Text> : null}
        {failure ? (
          <Alert color="red" data-testid="exchanges-error">
            {failure}
          </Alert>
        ) : null}
        {pending ? (
          <Paper withBorder p="md" data-testid="exchanges-confirm">
            <Text fw={600} mb="xs">
              {pending.action === 'delete' ? 'Delete' : 'Reset annotations of'} {pending.exchange.name}?
            </Text>
            <Text fz="sm" mb="md">
              {pending.action === 'delete' ? EXCHANGE_DELETE_CONFIRM : ANNOTATION_RESET_CONFIRM}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPending(null)} disabled={busy}>
                Cancel
              </Button>
              <Button color="red" onClick={confirm} loading={busy}>
                {pending.action === 'delete' ? 'Delete' : 'Reset'}
              </Button>
            </Group>
          </Paper>
        ) : (
          list.map((e) => (
            <Paper key={e.id} withBorder p="sm" data-testid="exchange-entry">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>{e.name}</Text>
                  <Text fz="xs" c="dimmed">
                    {e.transactions_count.toLocaleString('en-US')} transactions ·{' '}
                    {e.annotations_count.toLocaleString('en-US')} edits
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setPending({ action: 'reset', exchange: e })}
                  >
                    Reset annotations
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => setPending({ action: 'delete', exchange: e })}
                  >
                    Delete
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))
        )}
      </Stack>
    </Modal>
  );
}
