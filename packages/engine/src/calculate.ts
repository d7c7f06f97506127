import { allocateToWallets } from './allocation.ts';
import { restoreCheckpoint, takeCheckpoint } from './checkpoint.ts';
import { isValidTimeZone, LocalCalendar, parseYmd, yearOf, ymdString } from './dates.ts';
import { fixedString } from './fixed.ts';
import { Ledger } from './ledger.ts';
import { materialise, prepareEvents } from './prepare.ts';
import { Pricer } from './pricing.ts';
import { Processor } from './processor.ts';
import { Recorder } from './recorder.ts';
import { MethodPlan } from './schedule.ts';
import type {
  AllocationRecord,
  BasisMode,
  CalculateOptions,
  CalculationResult,
  Checkpoint,
  EngineTransaction,
  Holding,
} from './types.ts';

const US_PER_WALLET_FROM = '2025-01-01';

/**
 * Runs the whole calculation: normalised transactions in, disposals, income, holdings,
 * warnings and statuses out. Pure: no I/O, no clock; the same input gives the same output.
 */
export function calculate(
  transactions: readonly EngineTransaction[],
  options: CalculateOptions = {},
): CalculationResult {
  const rec = new Recorder();
  rec.currency = options.currency ?? 'USD';
  if (options.recordMoves) rec.moves = [];
  if (options.onDisposal) rec.onDisposal = options.onDisposal;
  let timeZone = options.timeZone ?? 'UTC';
  if (!isValidTimeZone(timeZone)) {
    rec.warn({ code: 'bad_option', txId: null, message: `Unknown time zone "${timeZone}"; UTC used.` });
    timeZone = 'UTC';
  }
  const calendar = new LocalCalendar(timeZone);
  const plan = new MethodPlan(options.method, (message) =>
    rec.warn({ code: 'bad_option', txId: null, message }),
  );
  let basis: BasisMode = options.basis ?? 'universal';
  if (basis !== 'universal' && basis !== 'per-wallet' && basis !== 'us-2025') {
    rec.warn({
      code: 'bad_option',
      txId: null,
      message: `Unknown basis ${JSON.stringify(basis)}; universal used.`,
    });
    basis = 'universal';
  }
  let switchDay: number | null = null;
  if (basis === 'us-2025') {
    switchDay = parseYmd(options.perWalletFrom ?? US_PER_WALLET_FROM);
    if (switchDay === null) {
      rec.warn({
        code: 'bad_option',
        txId: null,
        message: `perWalletFrom must be YYYY-MM-DD; ${US_PER_WALLET_FROM} used.`,
      });
      switchDay = parseYmd(US_PER_WALLET_FROM);
    }
  }
  const ledger = new Ledger(basis === 'per-wallet', basis === 'us-2025', plan.forYear(0));
  let allocation: AllocationRecord | null = null;
  let startDay = Number.NEGATIVE_INFINITY;
  if (options.resumeFrom) {
    if (options.resumeFrom.basis !== basis) {
      rec.warn({
        code: 'bad_option',
        txId: null,
        message: `The checkpoint was taken with basis ${options.resumeFrom.basis}, not ${basis}; its lots are used as they are.`,
      });
    }
    restoreCheckpoint(ledger, options.resumeFrom);
    allocation = options.resumeFrom.allocation;
    startDay = parseYmd(options.resumeFrom.day) ?? startDay;
  }
  if (ledger.perWallet) switchDay = null;

  const prepared = prepareEvents(transactions, {
    calendar,
    knownAssets: options.knownAssets,
    warnOutOfOrder: options.warnOutOfOrder === true,
    warn: (warning) => rec.warn(warning),
    markInvalid: (id) => rec.invalid(id),
  });
  const processor = new Processor(
    ledger,
    rec,
    new Pricer(
      options.currency ?? 'USD',
      options.prices,
      (event, own, asset) => rec.prices.valuedFromPrice(event, own, asset),
      (event, fee, total, amount, value) => rec.prices.feeAtRowRate(event, fee, total, amount, value),
    ),
    calendar,
  );
  const checkpointDays = parseCheckpointDays(options.checkpoints ?? [], rec);
  const checkpoints: Checkpoint[] = [];
  let nextCheckpoint = 0;
  let year = Number.NaN;

  // Safe Harbor (us-2025): the universal pools go to the wallets at the start of the switch day,
  // after a checkpoint of that very day and before any row or later checkpoint.
  const allocate = (): void => {
    if (switchDay === null) return;
    allocation = allocateToWallets(ledger, options.allocationRule ?? 'stay-oldest-first', switchDay, (w) =>
      rec.warn(w),
    );
    switchDay = null;
  };
  const checkpointsUntil = (day: number): void => {
    while (nextCheckpoint < checkpointDays.length && day >= checkpointDays[nextCheckpoint]!) {
      const at = checkpointDays[nextCheckpoint++]!;
      if (switchDay !== null && at > switchDay && holdsAnything(ledger)) allocate();
      checkpoints.push(takeCheckpoint(ledger, at, basis, allocation));
    }
  };

  const order = prepared.order;
  const onYear = options.onYear;
  const released = options.releaseRows
    ? (transactions as unknown as Array<EngineTransaction | undefined>)
    : null;
  for (let i = 0; i < order.length; i++) {
    const slot = order[i]!;
    const day = calendar.day(prepared.instants[slot]!);
    if (day < startDay) continue;
    checkpointsUntil(day);
    if (switchDay !== null && day >= switchDay) allocate();
    if (yearOf(day) !== year) {
      year = yearOf(day);
      ledger.setMethod(plan.forYear(year));
      // Rows come in time order: no later row adds to an earlier year.
      if (onYear) for (const [key, summary] of rec.takeYearsBefore(year)) onYear(key, summary);
    }
    processor.process(materialise(slot, prepared, calendar));
    if (released !== null) {
      released[slot] = undefined;
      const partner = prepared.partner[slot]!;
      if (partner >= 0) released[partner] = undefined;
    }
  }
  checkpointsUntil(Number.POSITIVE_INFINITY);
  // A history that ends before the switch day still reaches it: whatever is held then is
  // allocated at that day (Rev. Proc. 2024-28 allocates before the first 2025 sale, not at it).
  if (switchDay !== null && holdsAnything(ledger)) allocate();

  if (onYear)
    for (const [key, summary] of rec.takeYearsBefore(Number.POSITIVE_INFINITY)) onYear(key, summary);
  return {
    years: rec.yearSummaries(),
    holdings: holdingsOf(ledger),
    warnings: rec.warnings,
    statuses: rec.statuses(),
    allocation,
    checkpoints,
    ...(rec.moves ? { moves: rec.moves } : {}),
  };
}

function parseCheckpointDays(days: readonly string[], rec: Recorder): number[] {
  const out: number[] = [];
  for (const text of days) {
    const day = parseYmd(text);
    if (day === null)
      rec.warn({ code: 'bad_option', txId: null, message: `Checkpoint day "${text}" must be YYYY-MM-DD.` });
    else out.push(day);
  }
  return out.sort((a, b) => a - b);
}

function holdsAnything(ledger: Ledger): boolean {
  for (const amount of ledger.balances.values()) if (amount > 0n) return true;
  for (const lot of ledger.allLots()) if (lot.qty > 0n) return true;
  return false;
}

function holdingsOf(ledger: Ledger): Holding[] {
  const lots = [...ledger.allLots()].filter((lot) => lot.qty > 0n);
  lots.sort(
    (a, b) =>
      (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0) ||
      (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0) ||
      a.acquiredMs - b.acquiredMs ||
      a.seq - b.seq,
  );
  return lots.map((lot) => ({
    wallet: lot.wallet,
    asset: lot.asset,
    amount: fixedString(lot.qty),
    costBasis: fixedString(lot.basis),
    acquiredAt: ymdString(lot.acquiredDay),
    acquiredTimestamp: new Date(lot.acquiredMs).toISOString(),
    lotId: lot.lotId,
  }));
}
