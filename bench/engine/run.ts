import { calculate } from '@lotwise/engine/calculate';
import type { BasisMode, EngineTransaction } from '@lotwise/engine/types';
import { floatFifo } from './float-fifo.ts';
import { ASSET_COUNT, generateHistory, WALLET_COUNT } from './generate.ts';

/**
 * `npx tsx bench/engine/run.ts [--sizes 100000,1000000] [--modes universal,per-wallet,us-2025]`
 * Times a full calculation per application mode against a bare float FIFO loop on the same
 * rows and prints the figures (no assertions). Run with NODE_OPTIONS=--expose-gc for cleaner
 * memory figures between runs.
 */
function arg(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const sizes = arg('sizes', '100000').split(',').map(Number);
const modes = arg('modes', 'universal,per-wallet,us-2025').split(',') as BasisMode[];
const collect = (globalThis as { gc?: () => void }).gc;

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

console.log(`engine bench: ${ASSET_COUNT} assets, ${WALLET_COUNT} wallets, node ${process.version}`);
const perRow: Record<string, number[]> = {};
for (const size of sizes) {
  const generated = time(() => generateHistory(size));
  const rows: EngineTransaction[] = generated.value;
  console.log(`\n${size.toLocaleString('en-US')} rows (generated in ${(generated.ms / 1000).toFixed(1)} s)`);
  collect?.();
  const baseline = time(() => floatFifo(rows));
  // Warm the float loop once more and take the faster run: it is the denominator.
  const baseline2 = time(() => floatFifo(rows));
  const baseMs = Math.min(baseline.ms, baseline2.ms);
  const baseCpu = Math.min(baseline.cpuMs, baseline2.cpuMs);
  console.log(
    `  float FIFO baseline      ${baseMs.toFixed(0).padStart(7)} ms wall ${baseCpu.toFixed(0).padStart(7)} ms cpu`,
  );
  for (const mode of modes) {
    collect?.();
    const run = time(() => calculate(rows, { basis: mode, method: 'fifo' }));
    const result = run.value;
    const lines = Object.values(result.years).reduce((n, y) => n + y.disposals.length, 0);
    console.log(
      `  ${`engine ${mode}`.padEnd(24)} ${run.ms.toFixed(0).padStart(7)} ms wall ${run.cpuMs.toFixed(0).padStart(7)} ms cpu  ` +
        `×${(run.ms / baseMs).toFixed(1)} wall / ×${(run.cpuMs / baseCpu).toFixed(1)} cpu vs baseline  ` +
        `${(run.ms / (size / 1000)).toFixed(2)} ms/1k rows  ${lines.toLocaleString('en-US')} lines, ` +
        `${result.holdings.length.toLocaleString('en-US')} open lots, ${result.warnings.length} warnings, peak RSS ${mib(peakRss())}`,
    );
    perRow[mode] = [...(perRow[mode] ?? []), run.cpuMs / size];
  }
}
if (sizes.length > 1) {
  console.log('\nscaling (cpu time per row, largest size vs smallest):');
  for (const [mode, values] of Object.entries(perRow)) {
    console.log(`  ${mode.padEnd(12)} ×${(values[values.length - 1]! / values[0]!).toFixed(2)}`);
  }
}
console.log(`\npeak RSS overall: ${mib(peakRss())}`);
