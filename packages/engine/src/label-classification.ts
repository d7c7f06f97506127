import { incomeType } from './income-types.ts';

/**
 * Turns a file's label (the universal template's Label column, carried as `label`, or the
 * importer's `subtype` when there is no label) into the engine's user classification.
 * Labels that already are engine classifications pass through unchanged.
 */
type Direction = 'in' | 'out' | 'both' | 'none';

const BY_LABEL: Record<string, string | Partial<Record<Direction, string>>> = {
  airdrop: 'airdrop',
  fork: 'fork',
  mining: 'mined',
  mined: 'mined',
  staking: 'staking_reward',
  'staking reward': 'staking_reward',
  reward: 'staking_reward',
  income: 'misc_reward',
  'other income': 'misc_reward',
  'loan interest': 'interest_received',
  masternode: 'masternode',
  gift: { in: 'gift_received', out: 'gift_sent' },
  lost: 'lost',
  stolen: 'stolen',
  donation: 'donation_501c3',
  charity: 'donation_501c3',
  payment: 'payment',
  purchase: 'purchase',
  'margin fee': 'margin_trading_fee',
  'realized gain': { in: 'margin_trading_gain', out: 'margin_trading_loss' },
  stake: 'staking_lockup',
  unstake: 'staking_return',
  swap: 'swap',
  rebrand: 'swap',
  'internal transfer': 'self_transfer',
  'self transfer': 'self_transfer',
  ignore: 'ignore',
  ignored: 'ignore',
};

const ENGINE_TYPES = new Set([
  'staking_reward',
  'airdrop',
  'mined',
  'interest_received',
  'dividend_received',
  'misc_reward',
  'masternode',
  'payment',
  'fork',
  'gift_received',
  'gift_sent',
  'donation_501c3',
  'lost',
  'stolen',
  'purchase',
  'fee',
  'staking_lockup',
  'staking_return',
  'swap',
  'self_transfer',
  'margin_trading_gain',
  'margin_trading_loss',
  'margin_trading_fee',
  'ignore',
]);

/** Subtypes precise enough to act on when a row has no label. */
const BY_SUBTYPE = new Set(['gift', 'lost', 'stolen', 'donation', 'margin fee']);

/** The fields of a normalised record the label rules look at. */
export interface LabelledRecord {
  sent?: unknown;
  received?: unknown;
  label?: string | null;
  subtype?: string | null;
}

/** An incoming row labelled with an income spelling ('Interest', 'Staking rewards') is that income. */
function incomeLabel(label: string): string | null {
  const type = incomeType(label);
  return type === 'income' ? 'misc_reward' : type;
}

export function classificationOf(tx: LabelledRecord): string | null {
  const direction: Direction =
    tx.sent && tx.received ? 'both' : tx.sent ? 'out' : tx.received ? 'in' : 'none';
  const label = (tx.label ?? '').trim().toLowerCase();
  const subtype = (tx.subtype ?? '').trim().toLowerCase();
  if (ENGINE_TYPES.has(label)) return label;
  const key = label !== '' ? label : BY_SUBTYPE.has(subtype) ? subtype : '';
  const rule = BY_LABEL[key];
  if (rule === undefined) return direction === 'in' ? incomeLabel(label) : null;
  if (typeof rule === 'string') return rule;
  return rule[direction] ?? null;
}
