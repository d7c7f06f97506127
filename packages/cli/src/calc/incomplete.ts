import type { DisposalLine, YearSummary } from '@lotwise/engine/types';

export type YearTotalKey = 'proceeds' | 'costBasis' | 'shortTermGain' | 'longTermGain' | 'income';

/**
 * What `lotwise calc --json` says of a year whose figures are not all known (absent when they
 * are): the reports' rule (reports/form8949 totalsOf, the server's year page). A taxable line
 * without a price leaves the proceeds and its term's gain unknown; a line whose lots were
 * acquired without a price (basisUnknown) the cost basis and its term's gain; an income line
 * without a price the income. The totals still print the engine's sums, an unknown value
 * counted as 0: `unknown` names the ones that are therefore not the year's figures.
 */
export interface YearIncomplete {
  unknown: YearTotalKey[];
  /** Taxable disposal lines without a price for their proceeds. */
  missingPrice: number;
  /** Taxable disposal lines some of whose lots were acquired without a price. */
  basisUnknown: number;
  /** Income lines without a price. */
  incomeMissingPrice: number;
  reason: string;
}

const ORDER: YearTotalKey[] = ['proceeds', 'costBasis', 'shortTermGain', 'longTermGain', 'income'];

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function yearIncomplete(
  summary: Pick<YearSummary, 'disposals' | 'incomeLines'>,
): YearIncomplete | null {
  const lines = new IncompleteLines();
  for (const line of summary.disposals) lines.add(line);
  return lines.incomplete(summary.incomeLines);
}

/** yearIncomplete's count of a year's disposal lines, one line at a time (a streamed year). */
export class IncompleteLines {
  private missingPrice = 0;
  private basisUnknown = 0;
  private short = false;
  private long = false;

  add(line: Pick<DisposalLine, 'taxable' | 'missingPrice' | 'basisUnknown' | 'term'>): void {
    if (!line.taxable || (!line.missingPrice && !line.basisUnknown)) return;
    if (line.missingPrice) this.missingPrice++;
    if (line.basisUnknown) this.basisUnknown++;
    if (line.term === 'long') this.long = true;
    else this.short = true;
  }

  /** The year's YearIncomplete, given its income lines. */
  incomplete(incomeLines: YearSummary['incomeLines']): YearIncomplete | null {
    const { missingPrice, basisUnknown, short, long } = this;
    let incomeMissingPrice = 0;
    for (const line of incomeLines) if (line.missingPrice) incomeMissingPrice++;
    if (missingPrice + basisUnknown + incomeMissingPrice === 0) return null;
    const unknown = new Set<YearTotalKey>();
    if (missingPrice > 0) unknown.add('proceeds');
    if (basisUnknown > 0) unknown.add('costBasis');
    if (short) unknown.add('shortTermGain');
    if (long) unknown.add('longTermGain');
    if (incomeMissingPrice > 0) unknown.add('income');
    const why: string[] = [];
    if (missingPrice > 0)
      why.push(
        `${count(missingPrice, 'disposal has no price for its', 'disposals have no price for their')} proceeds`,
      );
    if (basisUnknown > 0)
      why.push(`${count(basisUnknown, 'disposal', 'disposals')} of lots acquired without a price`);
    if (incomeMissingPrice > 0)
      why.push(`${count(incomeMissingPrice, 'income line has', 'income lines have')} no price`);
    return {
      unknown: ORDER.filter((key) => unknown.has(key)),
      missingPrice,
      basisUnknown,
      incomeMissingPrice,
      reason: `INCOMPLETE: ${why.join('; ')}. The totals named in "unknown" count those values as 0 until the prices are added (see the missing_price warnings).`,
    };
  }
}
