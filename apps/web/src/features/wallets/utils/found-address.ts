import type { FoundAddress } from '@lotwise/contracts/wallets/wallet-finder';

const DIRECTION_LABELS: Record<FoundAddress['direction'], string> = {
  sent: 'Sent to',
  received: 'Received from',
  both: 'Sent and received',
};

/** Which way the user's transactions went: 'Sent to', 'Received from', 'Sent and received'. */
export function directionLabel(direction: FoundAddress['direction']): string {
  return DIRECTION_LABELS[direction];
}

/** One found address in a selection: the same address on two chains is two entries. */
export function foundAddressKey(row: Pick<FoundAddress, 'coin' | 'address'>): string {
  return `${row.coin}:${row.address}`;
}

/** The last-seen day, e.g. 'Mar 1, 2025'; an unreadable value is shown as it came. */
export function formatLastSeen(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
