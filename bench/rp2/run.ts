/**
 * `lotwise calc DIR/*.csv --method fifo --basis universal --json` against RP2 (the open-source
 * Python tax engine, `rp2_us`) on the yardstick's workload (bench/floor/gen-universal.mjs …
 * --wallets 10 --assets 50 --years 5 --seed 7), both as whole processes from a fresh start,
 * alternating, best of --runs at each size. RP2 reads an .ods and an .ini written from the same
 * files (rp2-input.ts; not timed) and writes its three reports; Lotwise writes its JSON document.
 * Prints each round, each side's best with CPU and peak memory, the ratio, and RP2's own log
 * time up to its first report (its calculation without the report writing), then checks that
 * both computed the same thing: each year's gain on sales and on fees to the cent (gains.ts).
 *
 * RP2 is not a dependency of Lotwise: install it yourself (`pip install rp2`) and point
 * RP2_US at its `rp2_us` command.
 *
 *   RP2_US=$(command -v rp2_us) npx tsx bench/rp2/run.ts [--tx 10000,100000] [--runs 3] [--keep]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatMs } from '../support/measure.ts';
import { alternating } from '../support/process-run.ts';
import { gainDifferences, gainSummary, lotwiseGains, rp2Gains } from './gains.ts';
import { rp2Input } from './rp2-input.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const GENERATOR = path.join(ROOT, 'bench/floor/gen-universal.mjs');
const CLI = path.join(ROOT, 'apps/cli/bin/lotwise.mjs');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const RP2 = process.env.RP2_US;
if (RP2 === undefined || RP2 === '') {
  console.error('Set RP2_US to the rp2_us command (pip install rp2; RP2_US=$(command -v rp2_us)).');
  process.exit(2);
}

/**
 * Milliseconds from RP2's first log line to its first "Generating output" (its calculation),
 * the least over its runs' logs.
 */
function rp2ComputeMs(logDir: string): number | null {
  const times = readdirSync(logDir).map((log) => logComputeMs(readFileSync(path.join(logDir, log), 'utf8')));
  const known = times.filter((t): t is number => t !== null);
  return known.length === 0 ? null : Math.min(...known);
}

function logComputeMs(text: string): number | null {
  const stamp = (line: string | undefined) => {
    const m = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3})/.exec(line ?? '');
    return m === null ? null : Date.parse(`${m[1]!.replace(' ', 'T')}.${m[2]}Z`);
  };
  const lines = text.split('\n');
  const first = stamp(lines[0]);
  const report = stamp(lines.find((l) => l.includes('Generating output for plugin')));
  return first === null || report === null ? null : report - first;
}

const sizes = arg('tx', '10000,100000').split(',').map(Number);
const runs = Number(arg('runs', '3'));
spawnSync(process.execPath, [path.join(ROOT, 'packages/cli/scripts/build.mjs')], { stdio: 'inherit' });

for (const tx of sizes) {
  const dir = mkdtempSync(path.join(tmpdir(), 'lotwise-bench-rp2-'));
  const csvDir = path.join(dir, 'csv');
  const gen = ['--tx', String(tx), '--wallets', '10', '--assets', '50', '--years', '5', '--seed', '7'];
  spawnSync(process.execPath, [GENERATOR, ...gen, '--out', csvDir], { stdio: 'ignore' });
  const files = readdirSync(csvDir)
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .map((f) => path.join(csvDir, f));
  const input = rp2Input(csvDir);
  const ini = path.join(dir, 'rp2.ini');
  const ods = path.join(dir, 'rp2.ods');
  writeFileSync(ini, input.ini);
  writeFileSync(ods, Buffer.concat(input.ods));
  const rp2Dir = path.join(dir, 'rp2');
  mkdirSync(rp2Dir);
  const [rp2, cli, rounds] = await alternating(
    { file: RP2, args: ['-m', 'fifo', '-o', 'out', ini, ods], cwd: rp2Dir },
    { args: [CLI, 'calc', ...files, '--method', 'fifo', '--basis', 'universal', '--json'], cwd: ROOT },
    runs,
  );
  console.log(
    `--tx ${tx.toLocaleString('en-US')}: ${input.rows.toLocaleString('en-US')} rows in ${files.length} files`,
  );
  if (rp2.code !== 0 || cli.code !== 0) {
    // alternating() stops at the first run that fails and gives it for both sides.
    const failed = rounds.length % 2 === 0 ? 'rp2_us' : 'lotwise calc';
    console.log(`  ${failed} exited ${rp2.code}:\n${rp2.stderr.slice(-2000)}`);
    process.exitCode = 1;
    rmSync(dir, { recursive: true, force: true });
    continue;
  }
  for (let i = 0; i + 1 < rounds.length; i += 2) {
    const [a, b] = [rounds[i]!, rounds[i + 1]!];
    console.log(
      `  round ${i / 2 + 1}: rp2 ${formatMs(a.ms)} (cpu ${formatMs(a.cpuMs)}), lotwise ${formatMs(b.ms)} (cpu ${formatMs(b.cpuMs)}): ×${(a.ms / b.ms).toFixed(1)} faster, load ${a.load.toFixed(1)}–${b.load.toFixed(1)}`,
    );
  }
  const compute = rp2ComputeMs(path.join(rp2Dir, 'log'));
  console.log(
    `  rp2_us -m fifo           ${formatMs(rp2.ms)} (best of ${runs}), cpu ${formatMs(rp2.cpuMs)}, peak ${rp2.peakMb.toFixed(0)} MiB; its calculation before the reports ${compute === null ? '?' : formatMs(compute)}`,
  );
  console.log(
    `  lotwise calc --json      ${formatMs(cli.ms)} (best of ${runs}), cpu ${formatMs(cli.cpuMs)}, peak ${cli.peakMb.toFixed(0)} MiB: ×${(rp2.ms / cli.ms).toFixed(1)} faster than RP2 (cpu ×${(rp2.cpuMs / cli.cpuMs).toFixed(1)}; ×${compute === null ? '?' : (compute / cli.ms).toFixed(1)} of RP2's calculation alone)`,
  );
  const outFile = path.join(dir, 'lotwise-calc.json');
  spawnSync(process.execPath, [CLI, 'calc', ...files, '--method', 'fifo', '--basis', 'universal', '--json'], {
    stdio: ['ignore', openSync(outFile, 'w'), 'inherit'],
  });
  const ours = await lotwiseGains(outFile);
  const theirs = rp2Gains(path.join(rp2Dir, 'out', 'fifo_tax_report_us.ods'));
  const problems = gainDifferences(ours, theirs);
  if (problems.length > 0 || ours.size === 0) {
    console.log(`  TOTALS DISAGREE:\n    ${problems.join('\n    ') || 'no gains read'}`);
    process.exitCode = 1;
  } else console.log(`  totals agree to the cent, per year (sales / fees): ${gainSummary(ours)}`);
  if (!process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true });
  else console.log(`  kept ${dir}`);
}
