import { INCOME_SUB_TYPES } from '@lotwise/contracts/transactions/constants';
import { incomeType } from '@lotwise/engine/income-types';

/**
 * How stored kinds map onto the list's categories (spec 02 §3). The importers' kinds are
 * buy, sell, trade, deposit, withdrawal, income, spend and fee.
 */
export const INCOMING_KINDS = ['buy', 'deposit', 'income'] as const;
export const OUTGOING_KINDS = ['sell', 'withdrawal', 'spend', 'fee'] as const;
export const TAXABLE_KINDS = ['sell', 'trade', 'spend'] as const;
export const INCOME_TYPES: readonly string[] = INCOME_SUB_TYPES;

/** user_defined_type values that make a row a transfer rather than a buy, sell or trade. */
export const TRANSFER_TYPES = ['self_transfer', 'swap', 'switch_trade'] as const;

export type RowType = 'buy' | 'sell' | 'trade' | 'transfer';

export function rowType(kind: string, userDefinedType: string | null): RowType {
  if (userDefinedType && (TRANSFER_TYPES as readonly string[]).includes(userDefinedType)) return 'transfer';
  if ((INCOMING_KINDS as readonly string[]).includes(kind)) return 'buy';
  if (kind === 'trade') return 'trade';
  return 'sell';
}

/** The sub type shown and filtered on: the user's choice, else what the import said, else the plain kind. */
export function subTypeOf(row: {
  kind: string;
  subtype: string | null;
  label: string | null;
  user_defined_type: string | null;
}): string {
  if (row.user_defined_type) return row.user_defined_type;
  const given = row.subtype || row.label;
  if (!given) return defaultSubType(row.kind);
  // 'Interest' and 'interest', 'Staking rewards' and 'staking', are one income type.
  const income = (INCOMING_KINDS as readonly string[]).includes(row.kind) ? incomeType(given) : null;
  return income && income !== 'income' ? income : given;
}

export function defaultSubType(kind: string): string {
  switch (kind) {
    case 'buy':
      return 'only_buy';
    case 'deposit':
      return 'only_incoming';
    case 'income':
      return 'misc_reward';
    case 'sell':
    case 'spend':
      return 'only_sell';
    case 'fee':
      return 'fee';
    case 'trade':
      return 'sub_type_trade';
    default:
      return 'only_outgoing';
  }
}

/** Kinds whose rows have the given plain sub type (no user type, no import sub type, no label). */
export const PLAIN_SUB_TYPE_KINDS: Record<string, readonly string[]> = {
  only_buy: ['buy'],
  only_incoming: ['deposit'],
  only_sell: ['sell', 'spend'],
  only_outgoing: ['withdrawal'],
  sub_type_trade: ['trade'],
};
