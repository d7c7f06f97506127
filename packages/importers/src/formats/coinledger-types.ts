import type { LegTags } from '../core/legs.ts';

/** CoinLedger `Type` vocabulary (§8.3), shared by the universal template and the export. */
export const COINLEDGER_IN: LegTags = {
  deposit: { kind: 'deposit', subtype: null },
  income: { kind: 'income', subtype: 'income' },
  staking: { kind: 'income', subtype: 'staking' },
  interest: { kind: 'income', subtype: 'interest' },
  mining: { kind: 'income', subtype: 'mining' },
  airdrop: { kind: 'income', subtype: 'airdrop' },
  'hard fork': { kind: 'income', subtype: 'fork' },
  'gift received': { kind: 'deposit', subtype: 'gift' },
  'margin gain': { kind: 'income', subtype: 'margin' },
};
export const COINLEDGER_OUT: LegTags = {
  withdrawal: { kind: 'withdrawal', subtype: null },
  'gift sent': { kind: 'spend', subtype: 'gift' },
  'merchant payment': { kind: 'spend', subtype: 'payment' },
  'theft loss': { kind: 'spend', subtype: 'theft' },
  'investment loss': { kind: 'spend', subtype: 'loss' },
};
export const COINLEDGER_TRADES = new Set(['trade', 'buy', 'sell', '']);
export const COINLEDGER_KNOWN = new Set([
  ...Object.keys(COINLEDGER_IN),
  ...Object.keys(COINLEDGER_OUT),
  ...COINLEDGER_TRADES,
  'transfer',
  'manual position',
]);
