/**
 * `lotwise calc FILE... --json` on generated wallet files against its floor (issue 17): a
 * plain-JS float FIFO that reads and parses the same CSV files. Prints wall time, the ratio
 * and the CLI's peak resident memory (read from /proc while it runs). Asserts nothing.
 *
 *   npx tsx bench/cli/run.ts [--rows 1100000] [--keep]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EngineTransaction } from '@lotwise/engine/types';
import { floatFifo } from '../engine/float-fifo.ts';
import { generateHistory } from '../engine/generate.ts';
import { formatMs } from '../support/measure.ts';

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

/** The floor: read each file, split its lines and cells, and run the float FIFO over all rows. */
function floor(files: string[]): { gain: number; open: number } {
  const rows: EngineTransaction[] = [];
  for (const file of files) {
    const wallet = path.basename(file, '.csv');
    const lines = readFileSync(file, 'utf8').split('\n');
    for (let i = 1; i < lines.length; i++) {
      const c = lines[i]!.split(',');
      if (c.length < 12) continue;
      const leg = (amount: string, asset: string) => (asset ? { asset, amount } : null);
      rows.push({
        id: c[11]!,
        wallet,
        timestamp: `${c[0]!.slice(0, 10)}T${c[0]!.slice(11, 19)}Z`,
        kind: c[10] as EngineTransaction['kind'],
        sent: leg(c[1]!, c[2]!),
        received: leg(c[3]!, c[4]!),
        fee: leg(c[5]!, c[6]!),
        fiat_value: c[8] ? { currency: c[8], amount: c[7]! } : null,
      });
    }
  }
  rows.sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
  return floatFifo(rows);
}

/** Runs the CLI with stdout to /dev/null, sampling its peak RSS (VmHWM) from /proc. */
function runCli(
  files: string[],
): Promise<{ ms: number; peakMb: number; code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'packages/cli/src/main.ts', 'calc', ...files, '--json', '--offline'],
      { cwd: ROOT, stdio: ['ignore', openSync('/dev/null', 'w'), 'pipe'] },
    );
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

const floors: number[] = [];
for (let i = 0; i < 2; i++) {
  const start = performance.now();
  floor(files);
  floors.push(performance.now() - start);
}
const floorMs = Math.min(...floors);
console.log(`floor: float FIFO reading the same CSVs   ${formatMs(floorMs)} (best of 2)`);

const cli = await runCli(files);
if (cli.code !== 0) console.log(`lotwise calc exited ${cli.code}:\n${cli.stderr.slice(0, 2000)}`);
console.log(
  `lotwise calc --json --offline            ${formatMs(cli.ms)}  ×${(cli.ms / floorMs).toFixed(1)} of the floor, peak RSS ${cli.peakMb.toFixed(0)} MiB`,
);
if (!process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true });
