/**
 * `lotwise calc DIR/*.csv --method fifo --basis universal --json` against the speed floor
 * (`bench/floor/floor-fifo.mjs`, an unchanged copy of the project's yardstick) on the
 * yardstick's own workload (`bench/floor/gen-universal.mjs … --wallets 10 --assets 50 --years 5
 * --seed 7`). Both run as whole processes from a fresh start, alternating (floor, CLI, floor,
 * CLI, …), best of three, at each size; prints each round's wall and CPU times (user + system
 * of all threads, read from /proc while it runs) with the load average, then each side's best,
 * the ratios and each side's peak resident memory (VmHWM). Then one more run of each with its output kept checks that they agree: the
 * same tax years, and each year's income to the cent (the one total the floor computes as the
 * tax rules do: it ignores fees and prices gifts, losses and transfers' network fees
 * differently, so its proceeds and cost basis are not comparable). A disagreement is printed
 * and the exit code is 1.
 *
 *   npx tsx bench/cli/run.ts [--tx 100000,1000000] [--runs 3] [--keep]
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Dec } from '@lotwise/engine/decimal';
import { formatMs } from '../support/measure.ts';
import { alternating } from '../support/process-run.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FLOOR = path.join(ROOT, 'bench/floor/floor-fifo.mjs');
const GENERATOR = path.join(ROOT, 'bench/floor/gen-universal.mjs');
const CLI = path.join(ROOT, 'apps/cli/bin/lotwise.mjs');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/** Each tax year's income in `lotwise calc --json` output, read line by line (it is ~360 MB at 1M). */
async function cliIncome(file: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let year: string | null = null;
  for await (const line of createInterface({ input: createReadStream(file) })) {
    const opened = /^ {4}"(\d{4})": \{$/.exec(line);
    if (opened) year = opened[1]!;
    const income = /^ {6}"income": "([^"]+)",?$/.exec(line);
    if (income && year !== null) out.set(year, income[1]!);
    if (line === '  },' || line === '  }') year = null;
  }
  return out;
}

/** The floor's and the CLI's years and incomes to the cent; the differences, if any. */
async function disagreements(files: string[], dir: string): Promise<string[]> {
  const floor = spawnSync(process.execPath, [FLOOR, ...files], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const floorYears: Record<string, { income: string }> = JSON.parse(floor.stdout).years;
  const outFile = path.join(dir, 'lotwise-calc.json');
  spawnSync(process.execPath, [CLI, 'calc', ...files, '--method', 'fifo', '--basis', 'universal', '--json'], {
    stdio: ['ignore', openSync(outFile, 'w'), 'inherit'],
  });
  const cli = await cliIncome(outFile);
  const problems: string[] = [];
  const years = [...new Set([...Object.keys(floorYears), ...cli.keys()])].sort();
  for (const year of years) {
    const fromFloor = floorYears[year]?.income;
    const fromCli = cli.get(year);
    const cents = fromCli === undefined ? undefined : new Dec(fromCli).toFixed(2);
    if (fromFloor !== cents) problems.push(`${year}: income floor ${fromFloor} vs lotwise ${fromCli}`);
  }
  return problems;
}

function countRows(files: string[]): number {
  let rows = 0;
  for (const f of files) rows += readFileSync(f, 'utf8').split('\n').filter(Boolean).length - 1;
  return rows;
}

const sizes = arg('tx', '100000,1000000').split(',').map(Number);
const runs = Number(arg('runs', '3'));
// The bundle is what `npm install` leaves; build it so a stale one does not fall back to tsx.
spawnSync(process.execPath, [path.join(ROOT, 'packages/cli/scripts/build.mjs')], { stdio: 'inherit' });

for (const tx of sizes) {
  const dir = mkdtempSync(path.join(tmpdir(), 'lotwise-bench-cli-'));
  const gen = ['--tx', String(tx), '--wallets', '10', '--assets', '50', '--years', '5', '--seed', '7'];
  spawnSync(process.execPath, [GENERATOR, ...gen, '--out', dir], { stdio: 'ignore' });
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .map((f) => path.join(dir, f));
  const rows = countRows(files);
  const [floor, cli, rounds] = await alternating(
    { args: [FLOOR, ...files], cwd: ROOT },
    { args: [CLI, 'calc', ...files, '--method', 'fifo', '--basis', 'universal', '--json'], cwd: ROOT },
    runs,
  );
  for (const [name, r] of [
    ['floor', floor],
    ['lotwise calc', cli],
  ] as const)
    if (r.code !== 0) console.log(`${name} exited ${r.code}:\n${r.stderr.slice(0, 2000)}`);
  console.log(
    `--tx ${tx.toLocaleString('en-US')}: ${rows.toLocaleString('en-US')} rows in ${files.length} files`,
  );
  for (let i = 0; i + 1 < rounds.length; i += 2) {
    const [f, c] = [rounds[i]!, rounds[i + 1]!];
    console.log(
      `  round ${i / 2 + 1}: floor ${formatMs(f.ms)} (cpu ${formatMs(f.cpuMs)}), lotwise ${formatMs(c.ms)} (cpu ${formatMs(c.cpuMs)}): wall ×${(c.ms / f.ms).toFixed(2)}, cpu ×${(c.cpuMs / f.cpuMs).toFixed(2)}, load ${f.load.toFixed(1)}–${c.load.toFixed(1)}`,
    );
  }
  console.log(
    `  floor-fifo.mjs           ${formatMs(floor.ms)} (best of ${runs}), cpu ${formatMs(floor.cpuMs)}, peak ${floor.peakMb.toFixed(0)} MiB`,
  );
  console.log(
    `  lotwise calc --json      ${formatMs(cli.ms)} (best of ${runs}), cpu ${formatMs(cli.cpuMs)}, peak ${cli.peakMb.toFixed(0)} MiB  ×${(cli.ms / floor.ms).toFixed(2)} of the floor (cpu ×${(cli.cpuMs / floor.cpuMs).toFixed(2)})`,
  );
  const problems = await disagreements(files, dir);
  if (problems.length > 0) {
    console.log(`  TOTALS DISAGREE:\n    ${problems.join('\n    ')}`);
    process.exitCode = 1;
  } else console.log("  totals agree: the same tax years, each year's income equal to the cent");
  if (!process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true });
}
