import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importResult } from '@lotwise/contracts/normalised';
import { describe, expect, it } from 'vitest';
import { runNode } from './run-node.ts';

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '../../../apps/cli/bin/lotwise.mjs');
const fixture = (name: string): string => join(here, 'fixtures', 'import', name);

function run(args: string[]) {
  return runNode([bin, 'import', ...args]);
}

describe('lotwise import', { timeout: 60_000 }, () => {
  it('prints the normalised JSON for an auto-detected file', async () => {
    const r = await run([fixture('koinly-universal.csv'), '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = importResult.parse(JSON.parse(r.stdout));
    expect(out.format).toBe('koinly-universal');
    expect(out.errors).toEqual([]);
    expect(out.transactions).toHaveLength(7);
    expect(out.transactions[0]).toMatchObject({
      timestamp: '2024-01-13T14:25:00Z',
      kind: 'buy',
      sent: { asset: 'EUR', amount: '1000' },
      received: { asset: 'BTC', amount: '0.02391' },
      fee: { asset: 'EUR', amount: '2.5' },
      source_lines: [2],
    });
  });

  it('accepts an explicit --format', async () => {
    const r = await run([fixture('koinly-universal.csv'), '--format', 'koinly-universal', '--json']);
    expect(JSON.parse(r.stdout).format).toBe('koinly-universal');
  });

  it('reports an unknown layout as an error on line 1 and exits 1', async () => {
    const r = await run([fixture('unknown-layout.csv'), '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.format).toBe('unknown');
    expect(out.errors[0]).toMatchObject({ line: 1, column: null });
    expect(out.errors[0].message).toMatch(/^Unrecognised file layout/);
  });

  it('prints a readable summary without --json', async () => {
    const r = await run([fixture('koinly-universal.csv')]);
    expect(r.stdout).toContain('format koinly-universal');
    expect(r.stdout).toContain('7 transactions, 0 skipped rows, 0 errors');
  });

  it('fails cleanly on a missing file', async () => {
    const r = await run([fixture('does-not-exist.csv'), '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cannot read');
  });
});
