/**
 * Income sub-types as exports and users spell them ('Interest', 'Staking rewards', 'reward',
 * 'mining') mapped to the one type each is reported under, so the income report, the
 * year's figures and the transaction list's types never show the same income twice.
 */
const ALIASES: Record<string, string> = {
  staking: 'staking_reward',
  'staking reward': 'staking_reward',
  'staking rewards': 'staking_reward',
  'stake reward': 'staking_reward',
  'eth2 staking': 'staking_reward',
  reward: 'staking_reward',
  rewards: 'staking_reward',
  interest: 'interest_received',
  'interest received': 'interest_received',
  'earn interest': 'interest_received',
  'lending interest': 'interest_received',
  mining: 'mined',
  mined: 'mined',
  'mining reward': 'mined',
  'mining rewards': 'mined',
  airdrop: 'airdrop',
  airdrops: 'airdrop',
  fork: 'fork',
  'hard fork': 'fork',
  dividend: 'dividend_received',
  dividends: 'dividend_received',
  'dividend received': 'dividend_received',
  masternode: 'masternode',
  'masternode reward': 'masternode',
  payment: 'payment',
  'payment received': 'payment',
  'misc reward': 'misc_reward',
  'other reward': 'misc_reward',
  referral: 'misc_reward',
  cashback: 'misc_reward',
  bonus: 'misc_reward',
  income: 'income',
  'other income': 'income',
};

const key = (raw: string) =>
  raw
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** The canonical income type of a spelling, or null when it is not an income type we know. */
export function incomeType(raw: string | null | undefined): string | null {
  if (!raw) return null;
  return ALIASES[key(raw)] ?? null;
}

/** A spelling's canonical income type, or the spelling itself when it is not one we know. */
export function normaliseIncomeType(raw: string): string {
  return incomeType(raw) ?? raw;
}

/** Every lower-cased spelling (with spaces or underscores) that means the canonical type. */
export function incomeSpellings(canonical: string): string[] {
  const out = new Set<string>([canonical]);
  for (const [alias, type] of Object.entries(ALIASES)) {
    if (type !== canonical) continue;
    out.add(alias);
    out.add(alias.replace(/ /g, '_'));
  }
  return [...out];
}

/** Every lower-cased spelling of every income type (for case-insensitive filters). */
export const ALL_INCOME_SPELLINGS: readonly string[] = [
  ...new Set(Object.values(ALIASES).flatMap((type) => incomeSpellings(type))),
];
