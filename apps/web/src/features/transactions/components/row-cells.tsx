import type { TransactionLeg, TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import { ActionIcon, Anchor, Badge, CopyButton, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { openChangeSymbolModal } from '@/components/prices/change-symbol-modal';
import { MissingPriceActions } from '@/components/prices/missing-price-actions';
import { ValueSourcePopover } from '@/components/prices/value-source';
import { useRowValue } from '@/components/prices/value-sources-context';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { formatAmount, formatMoney } from '@/lib/format/amount';
import { shortenCurrencyCode, shortenTooltipAddress } from '@/lib/format/text';
import { useLayout } from '../hooks/use-layout';
import { openEditDialog } from './edit-dialog/open-edit-dialog';

/** One side of a row: amount and currency (fiat 2 decimals, crypto at most 8), or a dash. */
export function AmountCell({ amount, currency }: { amount: string | null; currency: string | null }) {
  if (amount === null || currency === null) return <Text c="dimmed">—</Text>;
  return (
    <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatAmount(amount, currency)} <b>{shortenCurrencyCode(currency)}</b>
    </Text>
  );
}

/**
 * The row's total in the reporting currency — its own fiat figure, else the value the price
 * service gives it (a price file, a provider, a conversion) — and, on hover, where it came from.
 * A row the calculation tagged Missing Price shows no value: the taxes counted none (one truth;
 * a value found since then counts once the taxes are recalculated).
 */
export function TotalCell({ row }: { row: TransactionLeg }) {
  const value = useRowValue(row.id);
  const tagged = row.status === 'error' && !EXEMPT.includes(row.sub_type);
  const total = tagged ? null : (row.total ?? value?.value ?? null);
  return (
    <Text fz="sm" ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="row-total">
      {tagged ? (
        <Tooltip
          label={
            value?.value
              ? 'Missing price in the last calculation: a value was found since, recalculate to use it'
              : 'Missing price: no value'
          }
          multiline
          w={240}
        >
          <span>—</span>
        </Tooltip>
      ) : (
        <ValueSourcePopover value={value}>
          {total === null ? '—' : formatMoney(total, row.main_currency)}
        </ValueSourcePopover>
      )}
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

function Warning({ label, children }: { label: string; children: ReactNode }) {
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
      <Popover.Dropdown>{children}</Popover.Dropdown>
    </Popover>
  );
}

/**
 * Missing Price and Insufficient Balance warnings with the popover texts of spec 02 §8; the
 * Missing Price popover also offers the fixes (a manual value, another token symbol, fetch again).
 */
export function RowWarnings({ row }: { row: TransactionRow }) {
  const { layout } = useLayout();
  const mobile = useIsMobile();
  const coin = row.to_currency_crypto ? row.to_currency : (row.from_currency ?? row.to_currency);
  const crypto = row.to_currency_crypto
    ? row.to_currency
    : row.from_currency_crypto
      ? row.from_currency
      : null;
  const missing = row.status === 'error' && !EXEMPT.includes(row.sub_type);
  if (!missing && !row.is_sell_without_buy) return null;
  // A side in another fiat currency: what is missing is its rate, not the coin's price.
  const main = (row.main_currency ?? 'USD').toUpperCase();
  const fiat = [row.from_currency, row.to_currency].find(
    (c, i) =>
      c !== null &&
      !(i === 0 ? row.from_currency_crypto : row.to_currency_crypto) &&
      c.toUpperCase() !== main,
  );
  return (
    <Stack gap={2}>
      {missing ? (
        <Warning label="Missing Price">
          <MissingPriceActions
            transactionId={row.id}
            coin={crypto ?? coin}
            rate={fiat ? `${fiat.toUpperCase()}→${main}` : null}
            onAddValue={() => openEditDialog(row, layout === 'grouped_revamp' ? 'revamp' : 'legacy', mobile)}
            onChangeSymbol={
              crypto ? () => openChangeSymbolModal(row.id, crypto, row.main_currency ?? 'USD', mobile) : null
            }
          />
        </Warning>
      ) : null}
      {row.is_sell_without_buy ? (
        <Warning label="Insufficient Balance">
          <Text fz="sm">
            {`There was not enough ${row.from_currency ?? coin ?? 'of this coin'} in your ${row.exchange} wallet to accommodate this transaction. The result is a negative balance ... The current taxes are calculated using a $0 cost basis and may be higher than necessary.`}
          </Text>
        </Warning>
      ) : null}
    </Stack>
  );
}
