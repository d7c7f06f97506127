import { performance } from 'node:perf_hooks';

export interface Measurement<T> {
  result: T;
  ms: number;
  peakRssMb: number;
  /** Peak of this thread's live JS heap (worker threads have their own). */
  peakHeapMb: number;
}

/**
 * Times one run and samples resident memory while it runs, so a benchmark can print
 * wall time and peak memory side by side. Figures are printed, never asserted.
 */
export async function measure<T>(run: () => T | Promise<T>): Promise<Measurement<T>> {
  let peak = process.memoryUsage().rss;
  let heap = process.memoryUsage().heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    heap = Math.max(heap, now.heapUsed);
  };
  const sampler = setInterval(sample, 25);
  const start = performance.now();
  try {
    const result = await run();
    const ms = performance.now() - start;
    sample();
    return { result, ms, peakRssMb: peak / (1024 * 1024), peakHeapMb: heap / (1024 * 1024) };
  } finally {
    clearInterval(sampler);
  }
}

export function formatMs(ms: number): string {
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`;
}
