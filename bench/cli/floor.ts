/**
 * The floor of bench/cli: read each wallet CSV, split its lines and cells, and run the float
 * FIFO over all rows. Imported by run.ts (timed in its own process, warm) and run on its own
 * (`npx tsx bench/cli/floor.ts FILE...`, timed from a fresh start as the CLI is).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EngineTransaction } from '@lotwise/engine/types';
import { floatFifo } from '../engine/float-fifo.ts';

/** The floor: read each file, split its lines and cells, and run the float FIFO over all rows. */
export function floor(files: string[]): { gain: number; open: number } {
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const start = performance.now();
  const out = floor(process.argv.slice(2));
  process.stdout.write(`${JSON.stringify({ ...out, ms: performance.now() - start })}\n`);
}
