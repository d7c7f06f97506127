/**
 * `lotwise calc FILE... --json` on generated wallet files against its floor (issue 17): a
 * plain-JS float FIFO that reads and parses the same CSV files (floor.ts). Both run as a
 * person runs them, each in a fresh process, best of two; the floor is also timed warm in
 * this process (the figure earlier runs reported). Prints wall times, the ratios and the
 * CLI's peak resident memory (read from /proc while it runs). Asserts nothing.
 *
 *   npx tsx bench/cli/run.ts [--rows 1100000] [--keep]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EngineTransaction } from '@lotwise/engine/types';
import { generateHistory } from '../engine/generate.ts';
import { formatMs } from '../support/measure.ts';
import { floor } from './floor.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const LABELS: Record<string, string> = { staking_reward: 'staking', gift_sent: 'gift' };

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/** One universal-CSV line of an engine row (the wallet is the file). */
function line(t: EngineTransaction): string {
  const date = `${t.timestamp.slice(0, 10)} ${t.timestamp.slice(11, 19)} UTC`;
  return [
    date,
    t.sent?.amount ?? '',
    t.sent?.asset ?? '',
    t.received?.amount ?? '',
    t.received?.asset ?? '',
    t.fee?.amount ?? '',
    t.fee?.asset ?? '',
    t.fiat_value?.amount ?? '',
    t.fiat_value?.currency ?? '',
    LABELS[t.classification ?? ''] ?? '',
    t.kind,
    t.id,
  ].join(',');
}

function writeWallets(rows: EngineTransaction[], dir: string): string[] {
  const byWallet = new Map<string, string[]>();
  for (const t of rows) {
    let lines = byWallet.get(t.wallet);
    if (!lines) {
      lines = [HEADER];
      byWallet.set(t.wallet, lines);
    }
    lines.push(line(t));
  }
  return [...byWallet].map(([wallet, lines]) => {
    const file = path.join(dir, `${wallet}.csv`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  });
}

interface Run {
  ms: number;
  peakMb: number;
  code: number | null;
  stderr: string;
}

/** Runs a command from a fresh start with stdout to /dev/null, sampling its peak RSS (VmHWM) from /proc. */
function run(command: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', openSync('/dev/null', 'w'), 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    let peakKb = 0;
    const sampler = setInterval(() => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const hwm = Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0);
        peakKb = Math.max(peakKb, hwm);
      } catch {
        // exited between samples
      }
    }, 50);
    child.on('exit', (code) => {
      clearInterval(sampler);
      resolve({ ms: performance.now() - start, peakMb: peakKb / 1024, code, stderr });
    });
  });
}

const rows = Number(arg('rows', '1100000'));
const dir = mkdtempSync(path.join(tmpdir(), 'lotwise-bench-cli-'));
const generated = generateHistory(rows);
const files = writeWallets(generated, dir);
generated.length = 0;
console.log(`${rows.toLocaleString('en-US')} rows in ${files.length} wallet files (${dir})`);

/** The better of two runs (the machine is shared: one run can be slowed by others). */
async function bestOfTwo(command: string, args: string[]): Promise<Run> {
  const first = await run(command, args);
  if (first.code !== 0) return first;
  const second = await run(command, args);
  return second.ms < first.ms ? second : first;
}

const warm: number[] = [];
for (let i = 0; i < 2; i++) {
  const start = performance.now();
  floor(files);
  warm.push(performance.now() - start);
}
const warmMs = Math.min(...warm);
// Both sides as a person runs them: a fresh process each, TypeScript compiled by tsx on start.
const floorRun = await bestOfTwo(process.execPath, ['--import', 'tsx', 'bench/cli/floor.ts', ...files]);
if (floorRun.code !== 0) console.log(`floor exited ${floorRun.code}:\n${floorRun.stderr.slice(0, 2000)}`);
const cli = await bestOfTwo('packages/cli/bin/lotwise.mjs', ['calc', ...files, '--json', '--offline']);
if (cli.code !== 0) console.log(`lotwise calc exited ${cli.code}:\n${cli.stderr.slice(0, 2000)}`);
console.log(`floor, in this process after a first run      ${formatMs(warmMs)} (best of 2)`);
console.log(`floor, its own process (bench/cli/floor.ts)   ${formatMs(floorRun.ms)} (best of 2)`);
console.log(
  `lotwise calc FILE... --json --offline          ${formatMs(cli.ms)} (best of 2)  ×${(cli.ms / floorRun.ms).toFixed(1)} of the floor's process, ×${(cli.ms / warmMs).toFixed(1)} of the warm floor; peak RSS ${cli.peakMb.toFixed(0)} MiB`,
);
if (!process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true });
