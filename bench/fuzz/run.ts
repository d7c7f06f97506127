import { fuzz } from '../../packages/importers/test/fuzz/run.ts';

/**
 * The full fuzz run of issue 29: `npx tsx bench/fuzz/run.ts [count=10000] [first seed=1]`.
 * Mutated importer fixtures and sample exports through parse → transfer matching → the engine
 * (packages/importers/test/fuzz); prints the figures and every failure with its seed (replay
 * one with `npx tsx bench/fuzz/run.ts 1 <seed>`). Exit code 1 when any file failed.
 */
const count = Number(process.argv[2] ?? 10_000);
const firstSeed = Number(process.argv[3] ?? 1);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(firstSeed)) {
  process.stderr.write('usage: npx tsx bench/fuzz/run.ts [count] [first seed]\n');
  process.exit(2);
}
const report = await fuzz(count, firstSeed);
const { failures, byMutation, ...figures } = report;
process.stdout.write(`${JSON.stringify({ ...figures, failures: failures.length }, null, 2)}\n`);
process.stdout.write(`mutations applied: ${JSON.stringify(byMutation)}\n`);
for (const f of failures.slice(0, 50))
  process.stdout.write(`FAIL seed ${f.seed} ${f.source} [${f.mutations}]: ${f.problems.join('; ')}\n`);
process.exitCode = failures.length > 0 ? 1 : 0;
