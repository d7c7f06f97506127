import type { AllocationRecord } from '@lotwise/engine/types';
import type { ReportModel } from '@lotwise/reports/model';
import type { TaxCalculationRow, UserRow } from '../../db/schema.ts';
import type { TaxSettings } from './tax-settings.ts';
import type { TaxYearRepo } from './tax-year.repo.ts';

export function settingsText(settings: TaxSettings): string {
  return `${settings.method.toUpperCase()}, ${settings.basis}`;
}

function taxpayerName(user: UserRow): string | undefined {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || undefined;
}

/**
 * The report model of one year, from the stored rows of a complete calculation (the rows keep
 * the engine's DisposalLine and IncomeLine fields, so reports equal what the CLI prints).
 */
export async function storedReportModel(
  years: TaxYearRepo,
  user: UserRow,
  calc: TaxCalculationRow,
  year: number,
  /** Holdings are printed only by the complete report; pages skip them. */
  withHoldings = true,
): Promise<ReportModel> {
  const settings = JSON.parse(calc.settings) as TaxSettings;
  const [summary, disposals, incomeLines, holdings, warnings, missingPrices, unpriced] = await Promise.all([
    years.summary(calc.id, year),
    years.disposals(calc.id, year),
    years.income(calc.id, year),
    withHoldings ? years.holdingsAtYearEnd(calc.id, year) : Promise.resolve([]),
    years.warningCount(calc.id, year),
    years.missingPrices(calc.id, year),
    years.unpricedTransactions(calc.id),
  ]);
  const allocation = calc.allocation ? (JSON.parse(calc.allocation) as AllocationRecord) : null;
  const model: ReportModel = {
    year,
    currency: settings.currency || 'USD',
    disposals,
    incomeLines,
    holdings,
    allocation: allocation?.effectiveDate.startsWith(`${year}-`) ? allocation : null,
    summary: {
      proceeds: String(summary?.proceeds ?? '0'),
      costBasis: String(summary?.cost_basis ?? '0'),
      shortTermGain: String(summary?.short_term_gain ?? '0'),
      longTermGain: String(summary?.long_term_gain ?? '0'),
      income: String(summary?.income ?? '0'),
    },
    settings: settingsText(settings),
    warningCount: warnings,
    missingPrices,
    unpricedTransactions: unpriced,
  };
  const name = taxpayerName(user);
  if (name) model.taxpayerName = name;
  return model;
}
