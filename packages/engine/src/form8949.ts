import { csvLine } from './csv-cell.ts';
import { Dec, decString, moneyShare } from './decimal.ts';
import type { AllocationRecord, DisposalLine, Term } from './types.ts';

/** One row of Form 8949 (columns a–e and h), amounts as decimal strings. */
export interface Form8949Row {
  term: Term;
  description: string;
  dateAcquired: string;
  dateSold: string;
  proceeds: string;
  costBasis: string;
  gain: string;
  txId: string;
}

/**
 * Form 8949 rows from disposal lines. 'per-sale' (default) keeps the engine's lines: one per
 * sale and term, "VARIOUS" when the lots' dates differ. 'per-lot' writes one row per lot used,
 * proceeds split by quantity (the last lot takes the remainder). Only taxable lines count.
 */
export function form8949Rows(
  lines: readonly DisposalLine[],
  grouping: 'per-sale' | 'per-lot' = 'per-sale',
): Form8949Row[] {
  const rows: Form8949Row[] = [];
  for (const line of lines) {
    if (!line.taxable) continue;
    if (grouping === 'per-sale' || line.lots.length <= 1) {
      rows.push({
        term: line.term,
        description: `${line.amount} ${line.asset}`,
        dateAcquired: line.acquiredAt,
        dateSold: line.disposedAt,
        proceeds: line.proceeds,
        costBasis: line.costBasis,
        gain: line.gain,
        txId: line.txId,
      });
      continue;
    }
    rows.push(...splitPerLot(line));
  }
  return rows;
}

function splitPerLot(line: DisposalLine): Form8949Row[] {
  const total = new Dec(line.amount);
  let left = new Dec(line.proceeds);
  return line.lots.map((lot, index) => {
    const last = index === line.lots.length - 1;
    const proceeds = last ? left : moneyShare(new Dec(line.proceeds), new Dec(lot.amount), total);
    left = left.minus(proceeds);
    return {
      term: line.term,
      description: `${lot.amount} ${line.asset}`,
      dateAcquired: lot.acquiredAt,
      dateSold: line.disposedAt,
      proceeds: decString(proceeds),
      costBasis: lot.costBasis,
      gain: decString(proceeds.minus(lot.costBasis)),
      txId: line.txId,
    };
  });
}

/** Whether a lot (its id, or its ':extra' part's) was acquired by a transaction with a missing price. */
export function lotUnpriced(lotId: string, unpriced: ReadonlySet<string>): boolean {
  return unpriced.has(lotId) || unpriced.has(lotId.replace(/:extra$/, ''));
}

/**
 * The us-2025 allocation record as CSV, for the user to keep with their records; with
 * `chosenAt`, the day the rule was chosen as a last column on every line (the server's download).
 * A lot acquired by a transaction in `unpriced` (a missing price) has an unknown basis: its
 * cost_basis is left blank, never 0, and the record starts with an INCOMPLETE line saying why.
 */
export function allocationCsv(
  record: AllocationRecord,
  chosenAt?: string,
  unpriced: ReadonlySet<string> = new Set(),
): string {
  const header = [
    'effective_date',
    'rule',
    'wallet',
    'asset',
    'lot_id',
    'acquired_at',
    'amount',
    'cost_basis',
  ];
  const extra = chosenAt === undefined ? [] : [chosenAt];
  let unknown = 0;
  const rows = record.entries.map((e) => {
    const basisUnknown = lotUnpriced(e.lotId, unpriced);
    if (basisUnknown) unknown += 1;
    return csvLine([
      record.effectiveDate,
      record.rule,
      e.wallet,
      e.asset,
      e.lotId,
      e.acquiredAt,
      e.amount,
      basisUnknown ? '' : e.costBasis,
      ...extra,
    ]);
  });
  const incomplete =
    unknown === 0
      ? []
      : [
          `# INCOMPLETE: ${unknown} ${unknown === 1 ? 'lot was' : 'lots were'} acquired by a transaction without a price, so ${unknown === 1 ? 'its' : 'their'} cost basis is unknown (left blank); add the missing prices in Lotwise and download again.`,
        ];
  return `${[...incomplete, csvLine([...header, ...(chosenAt === undefined ? [] : ['rule_chosen_at'])]), ...rows].join('\n')}\n`;
}
