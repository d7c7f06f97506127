import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconEdit, IconRefresh, IconReplace } from '@tabler/icons-react';
import { useRefetchPrice } from '@/lib/api/prices/value-sources';
import { errorText } from '@/lib/api-client';
import { formatMoney } from '@/lib/format/amount';

/**
 * The Missing Price popover's ways out (spec 01 §8 text, issue 15): add a value manually (the
 * editor), change the token symbol, or ask the providers again.
 */
export function MissingPriceActions({
  transactionId,
  coin,
  rate = null,
  onAddValue,
  onChangeSymbol,
}: {
  transactionId: number;
  coin: string | null;
  /** "GBP→USD" when the row is valued in another currency: its missing rate comes first. */
  rate?: string | null;
  onAddValue: () => void;
  onChangeSymbol: (() => void) | null;
}) {
  const refetch = useRefetchPrice();
  const found = refetch.data?.data.value;
  return (
    <Stack gap="xs">
      <Text fz="sm">
        {rate
          ? `There is no ${rate} rate on this date to convert the row's own value${coin ? `, and no price for ${coin}` : ''}. Load a price file with either, or add a value manually.`
          : `We could not determine a fair market value for ${coin ?? 'this coin'} on this date. You can fix this by adding a value manually or changing token symbol.`}
      </Text>
      <Button size="xs" variant="light" leftSection={<IconEdit size={14} />} onClick={onAddValue}>
        Add a value manually
      </Button>
      {onChangeSymbol ? (
        <Button size="xs" variant="light" leftSection={<IconReplace size={14} />} onClick={onChangeSymbol}>
          Change token symbol
        </Button>
      ) : null}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        loading={refetch.isPending}
        onClick={() => refetch.mutate(transactionId)}
      >
        Fetch again
      </Button>
      {refetch.data ? (
        <Alert color={found && found.source !== 'missing' ? 'teal' : 'orange'} p="xs" role="status">
          <Text fz="xs">
            {refetch.data.message}
            {found?.value ? ` (${formatMoney(found.value, found.currency)})` : ''}
          </Text>
        </Alert>
      ) : null}
      {refetch.error ? (
        <Alert color="red" p="xs" role="alert">
          <Text fz="xs">{errorText(refetch.error)}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
