import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { calculate } from '@lotwise/engine/calculate';
import type { BasisMode } from '@lotwise/engine/types';
import { bigintFifo } from './bigint-fifo.ts';
import { floatFifo } from './float-fifo.ts';
import { floatFifoLines } from './float-lines.ts';
import { ASSET_COUNT, generateHistory, WALLET_COUNT } from './generate.ts';

/**
 * `npx tsx bench/engine/run.ts [--sizes 100000,1000000] [--modes universal,per-wallet,us-2025]`
 * Times a full calculation per application mode against a bare float FIFO loop on the same
 * rows and prints the figures (no assertions). Each mode runs in its own process so its peak
 * RSS is its own (generated input included).
 */
function arg(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const peakRss = (): number => process.resourceUsage().maxRSS * 1024;

/** Wall time and this process's CPU time (user + system), which shared machines disturb less. */
function time<T>(fn: () => T): { ms: number; cpuMs: number; value: T } {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(cpu);
  return {
    ms: Number(process.hrtime.bigint() - start) / 1e6,
    cpuMs: (used.user + used.system) / 1000,
    value,
  };
}

interface ModeFigures {
  ms: number;
  cpuMs: number;
  lines: number;
  lots: number;
  warnings: number;
  rssBefore: number;
  peakRss: number;
  heapAfter: number;
  inputHeap: number;
}

/** Heap in use after a full collection (input rows and result are still referenced). */
function live(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

/** Child: generate, calculate once in one mode, print the figures as JSON. */
function child(size: number, mode: BasisMode): void {
  const rows = generateHistory(size);
  const rssBefore = peakRss();
  const inputHeap = live();
  const run = time(() => calculate(rows, { basis: mode, method: 'fifo' }));
  const result = run.value;
  const figures: ModeFigures = {
    ms: run.ms,
    cpuMs: run.cpuMs,
    lines: Object.values(result.years).reduce((n, y) => n + y.disposals.length, 0),
    lots: result.holdings.length,
    warnings: result.warnings.length,
    rssBefore,
    peakRss: peakRss(),
    heapAfter: live(),
    inputHeap,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

function parent(): void {
  const sizes = arg('sizes', '100000').split(',').map(Number);
  const modes = arg('modes', 'universal,per-wallet,us-2025').split(',') as BasisMode[];
  const self = fileURLToPath(import.meta.url);
  console.log(`engine bench: ${ASSET_COUNT} assets, ${WALLET_COUNT} wallets, node ${process.version}, FIFO`);
  const perRow: Record<string, number[]> = {};
  for (const size of sizes) {
    const rows = generateHistory(size);
    const first = time(() => floatFifo(rows));
    const second = time(() => floatFifo(rows));
    const baseMs = Math.min(first.ms, second.ms);
    const baseCpu = Math.min(first.cpuMs, second.cpuMs);
    console.log(`\n${size.toLocaleString('en-US')} rows`);
    console.log(
      `  float FIFO baseline      ${baseMs.toFixed(0).padStart(7)} ms wall ${baseCpu.toFixed(0).padStart(7)} ms cpu`,
    );
    // For information (experiments, not the engine): the same bare loop producing the smallest
    // audit lines the result contract asks for, in floats, then exact in the engine's bigint
    // fixed point without and with those lines.
    const experiments: [string, () => unknown][] = [
      ['float FIFO + lines', () => floatFifoLines(rows)],
      ['bigint FIFO', () => bigintFifo(rows)],
      ['bigint FIFO + lines', () => bigintFifo(rows, true)],
    ];
    for (const [label, run] of experiments) {
      const best = [time(run), time(run)].sort((x, y) => x.cpuMs - y.cpuMs)[0]!;
      console.log(
        `  ${label.padEnd(24)} ${best.ms.toFixed(0).padStart(7)} ms wall ${best.cpuMs.toFixed(0).padStart(7)} ms cpu  ×${(best.ms / baseMs).toFixed(1)} wall / ×${(best.cpuMs / baseCpu).toFixed(1)} cpu vs baseline (experiment)`,
      );
    }
    for (const mode of modes) {
      const out = spawnSync(
        process.execPath,
        [...process.execArgv, '--expose-gc', self, '--child', String(size), mode],
        {
          encoding: 'utf8',
          maxBuffer: 1 << 20,
        },
      );
      const line = out.stdout.trim().split('\n').pop() ?? '';
      if (out.status !== 0 || !line.startsWith('{')) {
        console.log(`  engine ${mode}: failed (${out.status}) ${out.stderr.slice(-500)}`);
        continue;
      }
      const f = JSON.parse(line) as ModeFigures;
      console.log(
        `  ${`engine ${mode}`.padEnd(24)} ${f.ms.toFixed(0).padStart(7)} ms wall ${f.cpuMs.toFixed(0).padStart(7)} ms cpu  ` +
          `×${(f.ms / baseMs).toFixed(1)} wall / ×${(f.cpuMs / baseCpu).toFixed(1)} cpu vs baseline  ` +
          `${(f.cpuMs / (size / 1000)).toFixed(1)} ms cpu/1k rows  ${f.lines.toLocaleString('en-US')} lines, ` +
          `${f.lots.toLocaleString('en-US')} open lots, ${f.warnings} warnings  ` +
          `peak RSS ${mib(f.peakRss)} (after generating the input ${mib(f.rssBefore)}), live heap: input ${mib(f.inputHeap)}, input + result ${mib(f.heapAfter)}`,
      );
      perRow[mode] = [...(perRow[mode] ?? []), f.cpuMs / size];
    }
  }
  if (sizes.length > 1) {
    console.log('\nscaling (cpu time per row, largest size vs smallest):');
    for (const [mode, values] of Object.entries(perRow)) {
      console.log(`  ${mode.padEnd(12)} ×${(values[values.length - 1]! / values[0]!).toFixed(2)}`);
    }
  }
}

const childAt = process.argv.indexOf('--child');
if (childAt >= 0) child(Number(process.argv[childAt + 1]), process.argv[childAt + 2] as BasisMode);
else parent();
