import { parseMethodOption } from '@lotwise/engine/schedule';
import type { AllocationRule, BasisMode, CalculateOptions } from '@lotwise/engine/types';
import type { UserRow } from '../../db/schema.ts';

export interface TaxSettings {
  method: string;
  basis: BasisMode;
  allocation_rule: AllocationRule;
  timezone: string;
  currency: string;
}

export function settingsOf(user: UserRow): TaxSettings {
  const basis = user.tax_basis as BasisMode;
  const rule = user.allocation_rule as AllocationRule;
  return {
    method: user.tax_method,
    basis: basis === 'universal' || basis === 'per-wallet' ? basis : 'us-2025',
    allocation_rule: rule === 'lowest-cost-largest-holding' ? rule : 'stay-oldest-first',
    timezone: user.timezone,
    currency: user.currency,
  };
}

export function engineOptions(settings: TaxSettings): CalculateOptions {
  const parsed = parseMethodOption(settings.method);
  return {
    method: 'method' in parsed ? parsed.method : 'fifo',
    basis: settings.basis,
    allocationRule: settings.allocation_rule,
    timeZone: settings.timezone,
    currency: settings.currency,
  };
}

/** The tax year shown by default: this year in December, otherwise the one before (spec 01 §4). */
export function defaultTaxYear(timeZone: string, now = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(now);
  const year = Number(parts.find((p) => p.type === 'year')?.value);
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  return month === 12 ? year : year - 1;
}
