import type {
  AllocationRecord,
  CalculationResult,
  DisposalLine,
  Holding,
  IncomeLine,
  YearSummary,
} from '@lotwise/engine/types';
import type { Form8949Line } from './form8949-line.ts';

/**
 * What every report is built from: one tax year of the engine's result as plain data. The
 * server can fill it from its stored rows (they keep exactly the engine's DisposalLine and
 * IncomeLine fields); the CLI fills it with `reportModel` from a fresh calculation.
 */
export interface ReportModel {
  year: number;
  /** Reporting currency (USD for the IRS forms). */
  currency: string;
  /** Printed in the "Name(s) shown on return" box when given. */
  taxpayerName?: string;
  /** Printed in the "Social security number or taxpayer identification number" box when given. */
  taxpayerId?: string;
  /** Every disposal line of the year (taxable or not), in the engine's order. */
  disposals: DisposalLine[];
  incomeLines: IncomeLine[];
  /** Open lots at the end of the year. */
  holdings: HoldingRow[];
  /** The us-2025 wallet allocation record, when there is one. */
  allocation: AllocationRecord | null;
  /** The engine's exact year totals (decimal strings). */
  summary: YearTotals;
  /** Free text for the summary page, e.g. "FIFO, universal", and the warning count. */
  settings?: string;
  warningCount?: number;
  /**
   * Transactions of the year with a missing price (incomplete.ts has the one definition): when
   * above 0 every report of the year says INCOMPLETE on each page / first line.
   */
  missingPrices: number;
  /**
   * Every transaction (any year) with a missing price: the lots they acquired have an unknown
   * basis, so a sale from them prints its basis and gain as unknown.
   */
  unpricedTransactions?: readonly string[];
  /**
   * The year's sales on a Form 1099-DA, as the tie-out writes them (tie-out/form8949-lines.ts):
   * they replace the disposal lines whose keys (form8949.ts disposalKey) are in `replaced`.
   */
  brokerRows?: BrokerRows;
}

export interface BrokerRows {
  replaced: ReadonlySet<string>;
  lines: Form8949Line[];
}

/** The year's count of transactions with a missing price (see incomplete.ts). */
export function missingPriceCount(model: Pick<ReportModel, 'missingPrices'>): number {
  return model.missingPrices;
}

/** A holding as reports need it (the engine's Holding without its instant). */
export type HoldingRow = Pick<Holding, 'wallet' | 'asset' | 'amount' | 'costBasis' | 'acquiredAt' | 'lotId'>;

export type YearTotals = Omit<YearSummary, 'disposals' | 'incomeLines'>;

export const EMPTY_TOTALS: YearTotals = {
  proceeds: '0',
  costBasis: '0',
  shortTermGain: '0',
  longTermGain: '0',
  income: '0',
};

export interface ReportModelOptions {
  currency?: string;
  taxpayerName?: string;
  taxpayerId?: string;
  /** Open lots at the end of `year` (e.g. from a checkpoint at 1 January of the next year). */
  holdings: HoldingRow[];
  settings?: string;
  /** The year's transactions with a missing price: `missingPriceCounts(result.statuses, …)`. */
  missingPrices: number;
  /** Every transaction with a missing price (its lots' basis is unknown). */
  unpricedTransactions?: readonly string[];
}

/** The model of one year from a calculation result. A year without activity gives empty lists. */
export function reportModel(
  result: CalculationResult,
  year: number,
  options: ReportModelOptions,
): ReportModel {
  const summary = result.years[String(year)];
  const model: ReportModel = {
    year,
    currency: options.currency ?? 'USD',
    disposals: summary?.disposals ?? [],
    incomeLines: summary?.incomeLines ?? [],
    holdings: options.holdings,
    allocation: result.allocation?.effectiveDate.startsWith(`${year}-`) ? result.allocation : null,
    summary: summary
      ? {
          proceeds: summary.proceeds,
          costBasis: summary.costBasis,
          shortTermGain: summary.shortTermGain,
          longTermGain: summary.longTermGain,
          income: summary.income,
        }
      : EMPTY_TOTALS,
    warningCount: result.warnings.length,
    missingPrices: options.missingPrices,
    unpricedTransactions: options.unpricedTransactions ?? [],
  };
  if (options.taxpayerName) model.taxpayerName = options.taxpayerName;
  if (options.taxpayerId) model.taxpayerId = options.taxpayerId;
  if (options.settings) model.settings = options.settings;
  return model;
}
