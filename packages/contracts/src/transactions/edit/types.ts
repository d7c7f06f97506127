/**
 * User-defined types (spec 02 §3) and which of them a row's menu offers (§3 "Type
 * categories and allowed subtypes in the row menu", §4 row state, §5 menu filters).
 * Shared by the server (which refuses what the menu would not offer) and the web menu.
 */
export const USER_DEFINED_TYPES = [
  'edit',
  'airdrop',
  'business_or_investment',
  'dividend_received',
  'fee',
  'fork',
  'gift_received',
  'gift_sent',
  'ignore',
  'external_transfer',
  'ico',
  'interest_received',
  'lost',
  'masternode',
  'mined',
  'misc_reward',
  'nft_mint',
  'payment',
  'purchase',
  'swap',
  'self_transfer',
  'staking_lockup',
  'staking_return',
  'staking_reward',
  'stolen',
  'switch_trade',
  'donation_501c3',
  'nft_trade',
  'ignore_reset',
] as const;
export type UserDefinedType = (typeof USER_DEFINED_TYPES)[number];

/** Types that make a row a transfer (no checkbox, menu only offers the revert). */
export const TRANSFER_USER_TYPES: readonly string[] = ['self_transfer', 'swap', 'switch_trade'];

const NAMES: Record<UserDefinedType, string> = {
  edit: 'Edit',
  airdrop: 'Airdrop',
  business_or_investment: 'Business Or Investment',
  dividend_received: 'Dividend Received',
  fee: 'Fee',
  fork: 'Fork',
  gift_received: 'Gift Received',
  gift_sent: 'Gift Sent',
  ignore: 'Ignore',
  external_transfer: 'Transfer',
  ico: 'ICO',
  interest_received: 'Interest Received',
  lost: 'Lost',
  masternode: 'Masternode',
  mined: 'Mined',
  misc_reward: 'Misc Reward',
  nft_mint: 'NFT Mint',
  payment: 'Payment',
  purchase: 'Purchase',
  swap: 'Rebrand',
  self_transfer: 'Self Transfer',
  staking_lockup: 'Staking Lockup',
  staking_return: 'Staking Return',
  staking_reward: 'Staking Reward',
  stolen: 'Stolen',
  switch_trade: 'Switch Trade',
  donation_501c3: 'Donation (501c3)',
  nft_trade: 'NFT Trade',
  ignore_reset: 'Enable Transaction',
};

export const DEPOSIT_TYPES: readonly UserDefinedType[] = [
  'airdrop',
  'business_or_investment',
  'dividend_received',
  'fork',
  'gift_received',
  'ignore',
  'external_transfer',
  'ico',
  'interest_received',
  'masternode',
  'mined',
  'misc_reward',
  'payment',
  'swap',
  'self_transfer',
  'staking_return',
  'staking_reward',
  'switch_trade',
  'nft_mint',
];
export const WITHDRAWAL_TYPES: readonly UserDefinedType[] = [
  'fee',
  'gift_sent',
  'ignore',
  'lost',
  'external_transfer',
  'purchase',
  'swap',
  'self_transfer',
  'business_or_investment',
  'staking_lockup',
  'stolen',
  'switch_trade',
  'donation_501c3',
];
export const TRADE_TYPES: readonly UserDefinedType[] = [
  'airdrop',
  'business_or_investment',
  'fork',
  'gift_received',
  'gift_sent',
  'ignore',
  'external_transfer',
  'ico',
  'lost',
  'masternode',
  'mined',
  'nft_mint',
  'payment',
  'purchase',
  'swap',
  'self_transfer',
  'stolen',
  'nft_trade',
];

/** The few row fields the menu rules read (a subset of the list's TransactionRow). */
export interface MenuRow {
  type: string;
  default_type: string;
  sub_type: string;
  user_defined_type: string | null;
  ignored: boolean;
  fee: string | null;
  /** Reset Switch Trades is offered only for the user's own switch trades (spec 02 §4). */
  manual_switch_trade?: boolean;
}

const RESTRICTED_PREFIXES = ['margin_', 'nft_mint'];

/** Margin trading, minted and NFT-mint rows: Edit and Ignore only. */
export function isRestrictedRow(row: MenuRow): boolean {
  return RESTRICTED_PREFIXES.some((p) => row.sub_type.startsWith(p)) || row.sub_type === 'mined_nft';
}

/** The type the row carries now, as far as the menu is concerned. */
export function appliedType(row: MenuRow): string {
  return row.user_defined_type ?? row.sub_type;
}

function isFeeRow(row: MenuRow): boolean {
  return row.default_type === 'fee' || row.sub_type === 'fee';
}

/** The user-defined types a row's menu offers to mark it as (or, when applied, as not). */
export function allowedTypes(row: MenuRow): UserDefinedType[] {
  if (row.ignored) return ['ignore_reset'];
  if (row.type === 'transfer') {
    const applied = row.user_defined_type;
    if (applied === 'switch_trade' && row.manual_switch_trade === false) return [];
    return applied && (TRANSFER_USER_TYPES as readonly string[]).includes(applied)
      ? [applied as UserDefinedType]
      : [];
  }
  if (isRestrictedRow(row)) return ['ignore'];
  const base = row.type === 'buy' ? DEPOSIT_TYPES : row.type === 'sell' ? WITHDRAWAL_TYPES : TRADE_TYPES;
  const hasFee = row.fee !== null && Number(row.fee) > 0;
  return base.filter((t) => {
    if (t === 'swap' && (isFeeRow(row) || (row.type === 'sell' && hasFee))) return false;
    if (t === 'self_transfer' && row.type === 'trade' && row.user_defined_type !== 'external_transfer')
      return false;
    return true;
  });
}

/** What choosing an already-applied type resets the row to (spec 02 §4). */
export function resetTypeFor(row: MenuRow, applied: string): UserDefinedType {
  if (applied === 'ignore') return 'ignore_reset';
  if (row.default_type === 'trade') return 'business_or_investment';
  if (TRANSFER_USER_TYPES.includes(applied)) return 'external_transfer';
  return 'business_or_investment';
}

function directionName(row: MenuRow, t: UserDefinedType): string {
  const incoming = ['buy', 'deposit', 'income'].includes(row.default_type);
  if (t === 'external_transfer') return incoming ? 'Incoming' : 'Outgoing';
  if (t === 'business_or_investment') {
    if (row.type === 'trade' || row.default_type === 'trade') return 'Trade';
    return incoming ? 'Buy' : 'Sell';
  }
  return NAMES[t];
}

/** The menu label: 'Mark as X', or 'Mark as not X' when X is applied; revert labels for transfers. */
export function menuLabel(row: MenuRow, t: UserDefinedType): string {
  if (t === 'ignore_reset') return 'Enable Transaction';
  if (t === 'ignore') return 'Ignore Transaction';
  if (row.type === 'transfer') {
    if (t === 'swap') return 'Reset Rebrand';
    if (t === 'switch_trade') return 'Reset Switch Trade';
    return directionName(row, 'external_transfer');
  }
  const name = directionName(row, t);
  return appliedType(row) === t ? `Mark as not ${name}` : `Mark as ${name}`;
}
