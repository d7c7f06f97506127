import { Dec } from '@lotwise/engine/decimal';
import { lotUnpriced } from '@lotwise/engine/form8949';
import type {
  CalculationResult,
  Checkpoint,
  EngineWarning,
  Holding,
  YearSummary,
} from '@lotwise/engine/types';
import { plain, toCents } from '@lotwise/reports/money';
import type { TieOut } from '@lotwise/reports/tie-out/types';
import { printedTotals, type TotalsInput } from '@lotwise/reports/totals';
import { DisposalJson, printed } from './disposal-json.ts';
import { type YearIncomplete, yearIncomplete } from './incomplete.ts';
import { tieOutText } from './tie-out-text.ts';
import { HUGE_INSIDE, LONG_LIST } from './write-json.ts';

/** The `lotwise calc --json` document (ARCHITECTURE.md "CLI"). Every number is a decimal string. */
export interface CalcJson {
  years: Record<string, YearJson>;
  holdings: Array<{
    wallet: string;
    asset: string;
    amount: string;
    costBasis: string;
    acquiredAt: string;
    lotId: string;
    /** Acquired by a row with a missing price: the basis printed (the engine's 0) is unknown. */
    basisUnknown?: true;
  }>;
  warnings: EngineWarning[];
  statuses: CalculationResult['statuses'];
  allocation?: CalculationResult['allocation'];
  /** With --1099da: the tie-out of each year that has a form (packages/reports tie-out). */
  tieOut?: Record<string, Pick<TieOut, 'byStatus' | 'byBox'>>;
  moves?: CalculationResult['moves'];
}

/** A disposal line's printed fields (totals read proceeds, costBasis, term, taxable). */
type PrintedLine = Record<string, unknown> & TotalsInput['disposals'][number];

export type YearJson = Omit<YearSummary, 'incomeLines' | 'disposals'> & {
  /** Only when some figure of the year is unknown (a missing price): which, and why. */
  incomplete?: YearIncomplete;
  /** The engine's lines with the fields printed; in a streamed year, DisposalJson items. */
  disposals: PrintedLine[];
  incomeLines: YearSummary['incomeLines'];
};

export function toJson(
  result: CalculationResult,
  year: number | null,
  extraWarnings: EngineWarning[],
): CalcJson {
  const years: Record<string, YearJson> = {};
  for (const [key, summary] of Object.entries(result.years)) {
    if (year !== null && Number(key) !== year) continue;
    years[key] = yearJson(summary);
  }
  if (year !== null && years[String(year)] === undefined) years[String(year)] = emptyYear();
  return { years, ...restJson(result, year, extraWarnings) };
}

/**
 * One tax year as printed: the engine's summary with each disposal line's printed fields.
 * `lazy`: a long list's lines are printed by hand when written (DisposalJson), not copied.
 */
export function yearJson(summary: YearSummary, lazy = false): YearJson {
  const long = lazy && summary.disposals.length > LONG_LIST;
  return {
    ...yearTotals(summary, yearIncomplete(summary)),
    disposals: summary.disposals.map((d) =>
      long && d.lots.length <= HUGE_INSIDE ? (new DisposalJson(d) as unknown as PrintedLine) : printed(d),
    ),
    incomeLines: summary.incomeLines,
  };
}

/** A printed year's entries before its lists, in their order. */
export function yearTotals(
  summary: YearSummary,
  incomplete: YearIncomplete | null,
): Omit<YearJson, 'disposals' | 'incomeLines'> {
  return {
    proceeds: summary.proceeds,
    costBasis: summary.costBasis,
    shortTermGain: summary.shortTermGain,
    longTermGain: summary.longTermGain,
    income: summary.income,
    ...(incomplete ? { incomplete } : {}),
  };
}

/** The --year asked for when nothing happened in it. */
export function emptyYear(): YearJson {
  return {
    proceeds: '0',
    costBasis: '0',
    shortTermGain: '0',
    longTermGain: '0',
    income: '0',
    disposals: [],
    incomeLines: [],
  };
}

/** Everything of the document after `years`, in its order. */
export function restJson(
  result: CalculationResult,
  year: number | null,
  extraWarnings: EngineWarning[],
): Omit<CalcJson, 'years'> {
  const holdings = year === null ? result.holdings : holdingsAt(result.checkpoints[0]);
  // A lot acquired by a row with a missing price: its basis is unknown (the server's rule).
  const unpriced = new Set<string>();
  for (const s of result.statuses) if (s.flags.includes('missing_price')) unpriced.add(s.id);
  const json: Omit<CalcJson, 'years'> = {
    holdings: holdings.map((h) => {
      const out: CalcJson['holdings'][number] = {
        wallet: h.wallet,
        asset: h.asset,
        amount: h.amount,
        costBasis: h.costBasis,
        acquiredAt: h.acquiredAt,
        lotId: h.lotId,
      };
      if (unpriced.size > 0 && lotUnpriced(h.lotId, unpriced)) out.basisUnknown = true;
      return out;
    }),
    warnings: [...extraWarnings, ...result.warnings],
    statuses: result.statuses,
  };
  if (result.allocation) json.allocation = result.allocation;
  if (result.moves)
    json.moves = year === null ? result.moves : result.moves.filter((m) => m.movedAt.startsWith(`${year}-`));
  return json;
}

/** Open lots at a checkpoint (holdings at the end of the chosen --year). */
function holdingsAt(checkpoint: Checkpoint | undefined): Holding[] {
  if (!checkpoint) return [];
  return checkpoint.lots
    .filter((lot) => new Dec(lot.amount).gt(0))
    .sort(
      (a, b) =>
        (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0) ||
        (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0) ||
        a.acquiredMs - b.acquiredMs ||
        a.seq - b.seq,
    )
    .map((lot) => ({
      wallet: lot.wallet,
      asset: lot.asset,
      amount: lot.amount,
      costBasis: lot.costBasis,
      acquiredAt: dayString(lot.acquiredDay),
      acquiredTimestamp: new Date(lot.acquiredMs).toISOString(),
      lotId: lot.lotId,
    }));
}

function dayString(day: number): string {
  const text = String(day).padStart(8, '0');
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/** Thousands separators on a figure; amounts not yet in cents are rounded by the reports' rule. */
const money = (value: string): string => plain(toCents(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The readable summary printed without --json. */
export function toText(json: CalcJson, currency: string): string {
  const parts: string[] = [];
  // The table prints what the reports print (reports/totals.ts), not the exact totals rounded.
  const incomplete: string[] = [];
  const yearRows = Object.entries(json.years).map(([y, s]) => {
    const t = printedTotals({ disposals: s.disposals, income: s.incomeLines });
    // An unknown total prints as "unknown", never as the 0 it counts for a missing price.
    const shown = (key: keyof typeof t) => (s.incomplete?.unknown.includes(key) ? 'unknown' : money(t[key]));
    if (s.incomplete) incomplete.push(`${y} ${s.incomplete.reason}`);
    return [
      y,
      shown('proceeds'),
      shown('costBasis'),
      shown('shortTermGain'),
      shown('longTermGain'),
      shown('income'),
      String(s.disposals.length),
    ];
  });
  parts.push(`Tax years (${currency})`);
  parts.push(
    table(['Year', 'Proceeds', 'Cost basis', 'Short-term', 'Long-term', 'Income', 'Disposals'], yearRows),
  );
  parts.push(...incomplete);
  const byWalletAsset = new Map<string, { amount: Dec; basis: Dec; lots: number; unknown: boolean }>();
  for (const h of json.holdings) {
    const key = `${h.wallet}\u0000${h.asset}`;
    const entry = byWalletAsset.get(key) ?? {
      amount: new Dec(0),
      basis: new Dec(0),
      lots: 0,
      unknown: false,
    };
    entry.amount = entry.amount.plus(h.amount);
    entry.basis = entry.basis.plus(h.costBasis);
    entry.lots += 1;
    if (h.basisUnknown) entry.unknown = true;
    byWalletAsset.set(key, entry);
  }
  const holdingRows = [...byWalletAsset].map(([key, h]) => {
    const [wallet, asset] = key.split('\u0000');
    const basis = h.unknown ? 'unknown' : money(h.basis.toFixed());
    return [wallet!, asset!, h.amount.toFixed(), basis, String(h.lots)];
  });
  parts.push('', 'Holdings');
  parts.push(
    holdingRows.length > 0
      ? table(['Wallet', 'Asset', 'Amount', 'Cost basis', 'Lots'], holdingRows)
      : '(none)',
  );
  if (json.allocation) {
    parts.push(
      '',
      `Wallet allocation at ${json.allocation.effectiveDate} (${json.allocation.rule}): ${json.allocation.entries.length} lot assignments (see --json or --allocation-csv)`,
    );
  }
  if (json.tieOut) parts.push(...tieOutText(json.tieOut, table, money));
  parts.push('', `Warnings: ${json.warnings.length}`);
  for (const warning of json.warnings.slice(0, 20)) parts.push(`  - ${warning.message}`);
  if (json.warnings.length > 20)
    parts.push(`  ... ${json.warnings.length - 20} more (use --json to see all)`);
  return `${parts.join('\n')}\n`;
}
