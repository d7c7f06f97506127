import type { TieOut } from '@lotwise/reports/tie-out/types';
import type { Kysely } from 'kysely';
import type { Database, TaxCalculationRow } from '../../db/schema.ts';
import { BrokerFormsRepo } from './broker-forms.repo.ts';
import { type ComputedTieOut, computeTieOut, tieOutInputs, wordTieOut } from './tie-out.service.ts';
import { transactionFacts } from './tie-out-reads.ts';

/** Tie-outs kept (bench/broker-forms' year of 100,406 lines is ~240 MB of heap): the latest few users' years. */
const MAX_ENTRIES = 4;
/** A kept tie-out nobody asked for in this long is dropped. */
const MAX_IDLE_MS = 10 * 60_000;

interface Entry {
  key: string;
  computed: Promise<ComputedTieOut>;
  /** The answer once worked out (the next calculation's tie-out reuses its form lines). */
  settled?: ComputedTieOut;
  usedAt: number;
}

/**
 * The tie-out of a user's year, kept between calls: the page asks again for each filter and
 * page, and working out a year of 200,000 sales takes seconds. A kept answer is used only
 * while everything it came from is unchanged: the calculation (its id, run and settings — a
 * recalculation, even one that resumes in the same row, has a new trace id and finish time),
 * the year's forms (ids and fingerprints: a form added or removed), the accounts' names, and
 * the fees and accounts of the transactions its reasons read (read again on every call; the
 * lines are worded again when one changed). Each process keeps its own; nothing is shared.
 */
export class TieOutCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly forms: BrokerFormsRepo,
    private readonly now: () => number = Date.now,
  ) {}

  async get(
    userId: number,
    calc: TaxCalculationRow,
    year: number,
  ): Promise<{ tieOut: TieOut; formCount: number }> {
    const inputs = await tieOutInputs(this.db, this.forms, userId, year);
    const key = JSON.stringify([
      calc.id,
      calc.trace_id,
      calc.finished_at,
      calc.settings,
      inputs.yearForms.map((f) => [f.id, f.account_id, f.fingerprint]),
      [...inputs.wallets],
    ]);
    const slot = `${userId}:${year}`;
    this.dropIdle();
    const kept = this.entries.get(slot);
    if (kept && kept.key === key) {
      kept.usedAt = this.now();
      this.entries.delete(slot);
      this.entries.set(slot, kept);
      const computed = await kept.computed;
      return this.withCurrentFacts(userId, computed, year);
    }
    const entry: Entry = {
      key,
      computed: computeTieOut(this.db, this.forms, userId, calc, year, inputs, kept?.settled),
      usedAt: this.now(),
    };
    entry.computed.then(
      (c) => {
        entry.settled = c;
      },
      () => {},
    );
    this.entries.delete(slot);
    this.entries.set(slot, entry);
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    try {
      const computed = await entry.computed;
      return { tieOut: computed.tieOut, formCount: computed.formCount };
    } catch (error) {
      if (this.entries.get(slot) === entry) this.entries.delete(slot);
      throw error;
    }
  }

  /** The kept answer, worded again if a fee or an account its reasons read has changed since. */
  private async withCurrentFacts(userId: number, computed: ComputedTieOut, year: number) {
    const facts = await transactionFacts(this.db, userId, computed.factIds, computed.currency);
    const same =
      facts.size === computed.facts.size &&
      [...facts].every(([id, f]) => {
        const was = computed.facts.get(id);
        return was !== undefined && was.account === f.account && was.fee === f.fee;
      });
    if (!same) {
      computed.facts = facts;
      computed.tieOut = wordTieOut(computed, year);
    }
    return { tieOut: computed.tieOut, formCount: computed.formCount };
  }

  private dropIdle() {
    const now = this.now();
    for (const [slot, e] of this.entries) if (now - e.usedAt > MAX_IDLE_MS) this.entries.delete(slot);
  }
}

const caches = new WeakMap<Kysely<Database>, TieOutCache>();

/** The cache of a database's tie-outs (one per server: its routes and reports share it). */
export function tieOutCache(db: Kysely<Database>): TieOutCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TieOutCache(db, new BrokerFormsRepo(db));
    caches.set(db, cache);
  }
  return cache;
}
