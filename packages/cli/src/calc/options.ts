import { isValidTimeZone } from '@lotwise/engine/dates';
import { parseMethodOption } from '@lotwise/engine/schedule';
import type { AllocationRule, BasisMode, CalculateOptions } from '@lotwise/engine/types';

export interface CalcCliOptions {
  method?: string;
  basis?: string;
  year?: string;
  tz?: string;
  currency?: string;
  allocation?: string;
  allocationCsv?: string;
  prices?: string[];
  offline?: boolean;
  json?: boolean;
  moves?: boolean;
  '1099da'?: string[];
}

export interface ParsedCalcOptions {
  engine: CalculateOptions;
  year: number | null;
}

const BASES: readonly BasisMode[] = ['universal', 'per-wallet', 'us-2025'];
const RULES: readonly AllocationRule[] = ['stay-oldest-first', 'lowest-cost-largest-holding'];

/** Validates the command-line options; returns an error message for the first bad one. */
export function parseCalcOptions(options: CalcCliOptions): ParsedCalcOptions | string {
  const engine: CalculateOptions = {};
  if (options.method !== undefined) {
    const parsed = parseMethodOption(options.method);
    if ('error' in parsed) return parsed.error;
    engine.method = parsed.method;
  }
  if (options.basis !== undefined) {
    if (!BASES.includes(options.basis as BasisMode)) {
      return `invalid --basis "${options.basis}": use ${BASES.join(', ')}`;
    }
    engine.basis = options.basis as BasisMode;
  }
  if (options.allocation !== undefined) {
    if (!RULES.includes(options.allocation as AllocationRule)) {
      return `invalid --allocation "${options.allocation}": use ${RULES.join(', ')}`;
    }
    engine.allocationRule = options.allocation as AllocationRule;
  }
  if (options.tz !== undefined) {
    if (!isValidTimeZone(options.tz))
      return `invalid --tz "${options.tz}": use an IANA zone such as Europe/Berlin`;
    engine.timeZone = options.tz;
  }
  if (options.currency !== undefined) engine.currency = options.currency.toUpperCase();
  let year: number | null = null;
  if (options.year !== undefined) {
    if (!/^\d{4}$/.test(options.year)) return `invalid --year "${options.year}": use YYYY`;
    year = Number(options.year);
  }
  return { engine, year };
}
