import { type Mutation, mutate, Rng } from './mutate.ts';
import { checkFile, checkStreamMatches } from './pipeline.ts';
import { loadSeeds } from './sources.ts';

/** Figures of a fuzz run (what `bench/fuzz/run.ts` prints and the test asserts on). */
export interface FuzzReport {
  files: number;
  seeds: number;
  /** Files whose layout was recognised, files with at least one transaction, with zero errors. */
  recognised: number;
  withTransactions: number;
  zeroErrors: number;
  transactions: number;
  rowErrors: number;
  streamChecks: number;
  byMutation: Partial<Record<Mutation, number>>;
  failures: { seed: number; source: string; mutations: Mutation[]; problems: string[] }[];
  ms: number;
}

/**
 * `count` mutated files from `firstSeed` on: file k is a mutation of seed file k mod seeds,
 * with its own PRNG seeded `firstSeed + k` (replay one with count 1 and that seed).
 * Every `streamEvery`-th file is also streamed in random-sized chunks and compared.
 */
export async function fuzz(count: number, firstSeed = 1, streamEvery = 10): Promise<FuzzReport> {
  const seeds = loadSeeds();
  const started = Date.now();
  const report: FuzzReport = {
    files: 0,
    seeds: seeds.length,
    recognised: 0,
    withTransactions: 0,
    zeroErrors: 0,
    transactions: 0,
    rowErrors: 0,
    streamChecks: 0,
    byMutation: {},
    failures: [],
    ms: 0,
  };
  for (let k = 0; k < count; k += 1) {
    const seed = firstSeed + k;
    const rng = new Rng(seed);
    const source = seeds[seed % seeds.length];
    if (!source) continue;
    const { bytes, mutations } = mutate(source.text, rng);
    const outcome = checkFile(bytes, source.options);
    const problems = [...outcome.problems];
    if (k % streamEvery === 0) {
      report.streamChecks += 1;
      const streamed = await checkStreamMatches(bytes, source.options, 1 + rng.int(300));
      if (streamed) problems.push(streamed);
    }
    report.files += 1;
    if (outcome.format !== 'unknown' && outcome.format !== 'threw') report.recognised += 1;
    if (outcome.transactions > 0) report.withTransactions += 1;
    if (outcome.errors === 0) report.zeroErrors += 1;
    report.transactions += outcome.transactions;
    report.rowErrors += outcome.errors;
    for (const m of mutations) report.byMutation[m] = (report.byMutation[m] ?? 0) + 1;
    if (problems.length > 0) report.failures.push({ seed, source: source.name, mutations, problems });
  }
  report.ms = Date.now() - started;
  return report;
}
