import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useChangeTokenSymbol } from '@/lib/api/prices/change-symbol';
import { errorText } from '@/lib/api-client';
import { CurrencyPicker } from './currency-picker';

function ChangeSymbolForm({
  transactionId,
  from,
  currency,
  onClose,
}: {
  transactionId: number;
  from: string;
  currency: string;
  onClose: () => void;
}) {
  const [to, setTo] = useState<string | null>(null);
  const change = useChangeTokenSymbol();
  return (
    <Stack>
      <Text fz="sm">
        This transaction holds <b>{from}</b>. If that symbol means another token (a wrapped or renamed coin,
        or another coin with the same symbol), pick the right one; its prices are then used.
      </Text>
      <CurrencyPicker label="Token" currency={currency} onPick={(code) => setTo(code)} />
      {change.error ? (
        <Alert color="red" role="alert">
          {errorText(change.error)}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!to || to === from.toUpperCase()}
          loading={change.isPending}
          onClick={() =>
            to &&
            change.mutate(
              { transactionId, from, to },
              {
                onSuccess: (answer) => {
                  notifications.show({ color: 'teal', message: answer.message });
                  onClose();
                },
              },
            )
          }
        >
          Change symbol
        </Button>
      </Group>
    </Stack>
  );
}

export function openChangeSymbolModal(
  transactionId: number,
  from: string,
  currency: string,
  mobile: boolean,
): void {
  const id = `change-symbol-${transactionId}`;
  modals.open({
    modalId: id,
    title: 'Change token symbol',
    fullScreen: mobile,
    centered: !mobile,
    children: (
      <ChangeSymbolForm
        transactionId={transactionId}
        from={from}
        currency={currency}
        onClose={() => modals.close(id)}
      />
    ),
  });
}
