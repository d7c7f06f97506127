import { normaliseIncomeType } from '@lotwise/engine/income-types';
import type { IncomeLine } from '@lotwise/engine/types';
import type { ReportModel } from './model.ts';
import { plain, sum, toCents, usDate } from './money.ts';

/** Schedule 1 (Form 1040) line 8v exists from tax year 2024; before it, line 8z "Other income". */
export const LINE_8V_FROM = 2024;

/**
 * Where income of each type goes. Staking, mining, airdrops, forks, rewards, interest and
 * payments received in digital assets are ordinary income at their value when received; outside
 * a trade or business they go to Schedule 1 as "Digital assets received as ordinary income not
 * reported elsewhere" (line 8v from 2024, line 8z "Other income" before). Mining, staking or
 * payments received in a business belong on Schedule C instead: the note says so; we cannot tell.
 */
const TYPE_LABELS: Record<string, string> = {
  staking_reward: 'Staking rewards',
  mined: 'Mining',
  airdrop: 'Airdrops',
  fork: 'Hard forks',
  interest_received: 'Interest',
  dividend_received: 'Dividends',
  misc_reward: 'Other rewards',
  masternode: 'Masternode rewards',
  payment: 'Payments received',
  income: 'Other income',
};

const BUSINESS_NOTE: Record<string, string> = {
  mined: 'Schedule C if mining is a trade or business',
  staking_reward: 'Schedule C if staking is a trade or business',
  masternode: 'Schedule C if a trade or business',
  payment: 'Schedule C if received in a trade or business',
};

export interface IncomeTypeRow {
  type: string;
  label: string;
  /** "8v" or "8z". */
  schedule1Line: string;
  note: string;
  count: number;
  /** Sum of the rounded line values. */
  value: string;
  /** Receipts without a price: the value above is unknown when > 0. */
  missing: number;
}

export interface IncomeRow {
  date: string;
  type: string;
  asset: string;
  amount: string;
  value: string;
  wallet: string;
  txId: string;
  missingPrice: boolean;
}

export interface IncomeReport {
  year: number;
  schedule1Line: string;
  schedule1Label: string;
  byType: IncomeTypeRow[];
  lines: IncomeRow[];
  /** The Schedule 1 figure: the sum of the rounded line values. */
  total: string;
  /** Receipts without a price: the total is unknown when > 0. */
  missing: number;
}

export function schedule1Line(year: number): { line: string; label: string } {
  return year >= LINE_8V_FROM
    ? { line: '8v', label: 'Digital assets received as ordinary income not reported elsewhere' }
    : { line: '8z', label: 'Other income (digital assets received)' };
}

export function incomeTypeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type.replace(/_/g, ' ');
}

export function incomeReport(model: Pick<ReportModel, 'year' | 'incomeLines'>): IncomeReport {
  const { line, label } = schedule1Line(model.year);
  const lines: IncomeRow[] = model.incomeLines.map((l: IncomeLine) => ({
    date: usDate(l.receivedAt),
    type: normaliseIncomeType(l.category),
    asset: l.asset,
    amount: l.amount,
    value: plain(toCents(l.value)),
    wallet: l.wallet,
    txId: l.txId,
    missingPrice: l.missingPrice === true,
  }));
  const types = [...new Set(lines.map((l) => l.type))].sort();
  const byType = types.map((type) => {
    const of = lines.filter((l) => l.type === type);
    return {
      type,
      label: incomeTypeLabel(type),
      schedule1Line: line,
      note: BUSINESS_NOTE[type] ?? '',
      count: of.length,
      value: plain(sum(of.map((l) => l.value))),
      missing: of.filter((l) => l.missingPrice).length,
    };
  });
  return {
    year: model.year,
    schedule1Line: line,
    schedule1Label: label,
    byType,
    lines,
    total: plain(sum(lines.map((l) => l.value))),
    missing: lines.filter((l) => l.missingPrice).length,
  };
}
