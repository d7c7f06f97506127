import type { TransactionLeg } from '@lotwise/contracts/transactions/transaction-row';
import { ActionIcon, Anchor, Badge, CopyButton, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { formatCrypto, formatMoney } from '@/lib/format/amount';
import { shortenCurrencyCode, shortenTooltipAddress } from '@/lib/format/text';

/** One side of a row: amount and currency (at most 8 decimals), or a dash. */
export function AmountCell({ amount, currency }: { amount: string | null; currency: string | null }) {
  if (amount === null || currency === null) return <Text c="dimmed">—</Text>;
  return (
    <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatCrypto(amount)} <b>{shortenCurrencyCode(currency)}</b>
    </Text>
  );
}

export function TotalCell({ row }: { row: TransactionLeg }) {
  return (
    <Text fz="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
      {row.total === null ? '—' : formatMoney(row.total, row.main_currency)}
    </Text>
  );
}

function explorerUrl(address: string): string {
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) return `https://etherscan.io/address/${address}`;
  if (/^(bc1|[13])[a-zA-HJ-NP-Z0-9]{20,}$/.test(address)) return `https://mempool.space/address/${address}`;
  return `https://blockchair.com/search?q=${encodeURIComponent(address)}`;
}

/** Address tooltip: the shortened address with copy (notice lasts 2 seconds) and an explorer link. */
export function AddressTooltip({ address }: { address: string }) {
  return (
    <Popover position="top" withArrow shadow="md">
      <Popover.Target>
        <Anchor component="button" fz="xs" c="dimmed" aria-label={`Address ${address}`}>
          {shortenTooltipAddress(address)}
        </Anchor>
      </Popover.Target>
      <Popover.Dropdown>
        <Group gap={6} wrap="nowrap">
          <Text fz="xs" ff="monospace">
            {shortenTooltipAddress(address)}
          </Text>
          <CopyButton value={address} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied to clipboard' : 'Copy'} opened={copied || undefined}>
                <ActionIcon size="sm" variant="subtle" onClick={copy} aria-label="Copy address">
                  <IconCopy size={14} />
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
          <ActionIcon
            size="sm"
            variant="subtle"
            component="a"
            href={explorerUrl(address)}
            target="_blank"
            rel="noreferrer"
            aria-label="Open in explorer"
          >
            <IconExternalLink size={14} />
          </ActionIcon>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

const EXEMPT = ['staking_lockup', 'staking_return', 'self_transfer'];

function Warning({ label, text }: { label: string; text: string }) {
  return (
    <Popover width={280} position="top" withArrow shadow="md">
      <Popover.Target>
        <Badge
          component="button"
          color={label === 'Missing Price' ? 'red' : 'orange'}
          variant="light"
          size="sm"
          leftSection={<IconAlertTriangle size={12} />}
          style={{ cursor: 'pointer' }}
        >
          {label}
        </Badge>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fz="sm">{text}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Missing Price and Insufficient Balance warnings with the popover texts of spec 02 §8. */
export function RowWarnings({ row }: { row: TransactionLeg }) {
  const coin = row.to_currency_crypto ? row.to_currency : (row.from_currency ?? row.to_currency);
  const missing = row.status === 'error' && !EXEMPT.includes(row.sub_type);
  if (!missing && !row.is_sell_without_buy) return null;
  return (
    <Stack gap={2}>
      {missing ? (
        <Warning
          label="Missing Price"
          text={`We could not determine a fair market value for ${coin ?? 'this coin'} on this date. You can fix this by adding a value manually or changing token symbol.`}
        />
      ) : null}
      {row.is_sell_without_buy ? (
        <Warning
          label="Insufficient Balance"
          text={`There was not enough ${row.from_currency ?? coin ?? 'of this coin'} in your ${row.exchange} wallet to accommodate this transaction. The result is a negative balance ... The current taxes are calculated using a $0 cost basis and may be higher than necessary.`}
        />
      ) : null}
    </Stack>
  );
}
