import { calculate } from '@lotwise/engine/calculate';
import { matchTransfers } from '@lotwise/engine/transfer-matching';
import type { EngineTransaction } from '@lotwise/engine/types';
import { describe, expect, it } from 'vitest';
import { ResultAssembler, SLICE, splitResult } from '../src/modules/tax/result-parts.ts';
import { runEngineInWorker } from '../src/modules/tax/run-engine.ts';

/**
 * A history long enough that rows, warnings, statuses, holdings and a year's disposals and
 * income each cross the worker boundary in several slices: buys and income of many assets,
 * sales of half of each, and sales of assets never bought (sell without buy: warnings and
 * statuses).
 */
function history(): EngineTransaction[] {
  const rows: EngineTransaction[] = [];
  const at = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
  const count = Math.ceil(SLICE * 2.5);
  for (let i = 0; i < count; i++) {
    const asset = `A${i}`;
    rows.push({
      id: `b${i}`,
      wallet: 'W',
      timestamp: at(3 * i),
      kind: 'buy',
      sent: { asset: 'USD', amount: String(100 + i) },
      received: { asset, amount: '2' },
    });
    rows.push({
      id: `r${i}`,
      wallet: 'W',
      timestamp: at(3 * i + 1),
      kind: 'income',
      received: { asset, amount: '0.5' },
      fiat_value: { currency: 'USD', amount: '7.25' },
      classification: 'staking_reward',
    });
    rows.push({
      id: `s${i}`,
      wallet: 'W',
      timestamp: at(3 * i + 2),
      kind: 'sell',
      sent: { asset: i % 2 === 0 ? asset : `X${i}`, amount: '1' },
      received: { asset: 'USD', amount: String(90 + i) },
    });
  }
  return rows;
}

describe('the engine worker', () => {
  const rows = history();
  const options = { basis: 'universal' as const, method: 'fifo' as const };

  it('returns exactly what the engine computes, though rows and results cross in slices', async () => {
    const direct = calculate(matchTransfers(rows), options);
    // Every sliced list is longer than one slice, so the test covers reassembly.
    expect(rows.length).toBeGreaterThan(SLICE);
    expect(direct.warnings.length).toBeGreaterThan(SLICE);
    expect(direct.statuses.length).toBeGreaterThan(SLICE);
    expect(direct.holdings.length).toBeGreaterThan(SLICE);
    expect(direct.years['2024']!.disposals.length).toBeGreaterThan(SLICE);
    expect(direct.years['2024']!.incomeLines.length).toBeGreaterThan(SLICE);
    const viaWorker = await runEngineInWorker(rows, options);
    expect(viaWorker).toEqual(direct);
  });

  it('runs two calculations at once without mixing their rows or results', async () => {
    const half = rows.slice(0, rows.length / 2);
    const [a, b] = await Promise.all([runEngineInWorker(rows, options), runEngineInWorker(half, options)]);
    expect(a).toEqual(calculate(matchTransfers(rows), options));
    expect(b).toEqual(calculate(matchTransfers(half), options));
  });

  it('puts slices back in order and refuses a slice for a year the result lacks', () => {
    const result = calculate(rows, options);
    const { parts, rest } = splitResult(structuredClone(result));
    expect(parts.length).toBeGreaterThan(5);
    expect(rest.warnings).toEqual([]);
    const assembler = new ResultAssembler();
    for (const part of parts) assembler.add(part);
    expect(assembler.assemble(rest)).toEqual(result);
    const stray = new ResultAssembler();
    stray.add({ path: { year: '1999', list: 'disposals' }, items: [{}] });
    expect(() => stray.assemble(splitResult(result).rest)).toThrow(/year 1999/);
  });
});
