import { performance } from 'node:perf_hooks';

export interface Measurement<T> {
  result: T;
  ms: number;
  peakRssMb: number;
}

/**
 * Times one run and samples resident memory while it runs, so a benchmark can print
 * wall time and peak memory side by side. Figures are printed, never asserted.
 */
export async function measure<T>(run: () => T | Promise<T>): Promise<Measurement<T>> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  const start = performance.now();
  try {
    const result = await run();
    const ms = performance.now() - start;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, ms, peakRssMb: peak / (1024 * 1024) };
  } finally {
    clearInterval(sampler);
  }
}

export function formatMs(ms: number): string {
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`;
}
