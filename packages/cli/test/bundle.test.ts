import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runNode } from './run-node.ts';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, '..');
const bin = join(cli, '../../apps/cli/bin/lotwise.mjs');
const files = ['exchange.csv', 'cold.csv'].map((f) => join(here, 'fixtures', 'calc', f));
const offline = { PRICE_PROVIDERS: 'none' };

/**
 * The precompiled CLI (scripts/build.mjs, run by `npm install` and `npm test`) must answer
 * exactly what the TypeScript sources answer through tsx, and never run once a source changed.
 */
describe('the bundled CLI', { timeout: 120_000 }, () => {
  beforeAll(() => {
    execFileSync(process.execPath, [join(cli, 'scripts/build.mjs')], { stdio: 'pipe' });
  });

  it('lists the sources it was built from', () => {
    const inputs: string[] = JSON.parse(readFileSync(join(cli, 'dist/inputs.json'), 'utf8'));
    expect(inputs).toContain('packages/cli/src/main.ts');
    expect(inputs.some((p) => p.startsWith('packages/engine/src/'))).toBe(true);
    expect(inputs.some((p) => p.startsWith('apps/'))).toBe(false);
  });

  it('calculates exactly what the sources calculate', async () => {
    const bundled = await runNode([bin, 'calc', ...files, '--json'], offline);
    const sources = await runNode([bin, 'calc', ...files, '--json'], {
      ...offline,
      LOTWISE_CLI_BUNDLE: 'off',
    });
    expect(bundled.stderr).toBe('');
    expect(bundled.code).toBe(0);
    expect(bundled.stdout).toBe(sources.stdout);
    expect(JSON.parse(bundled.stdout).years['2024'].proceeds).toBe('9060');
  });

  it('prints the same in the worker thread large inputs run in, with the same exit codes', async () => {
    const worker = { ...offline, LOTWISE_CLI_WORKER: 'on' };
    const main = { ...offline, LOTWISE_CLI_WORKER: 'off' };
    for (const args of [
      [bin, 'calc', ...files, '--json'],
      [bin, 'calc', ...files],
      [bin, 'calc', join(here, 'fixtures', 'calc', 'no-such-file.csv'), '--json'],
      [bin, 'calc', ...files, '--method', 'bogus'],
    ]) {
      const [inWorker, onMain] = [await runNode(args, worker), await runNode(args, main)];
      expect(inWorker).toEqual(onMain);
    }
    const failed = await runNode([bin, 'calc', ...files, '--method', 'bogus'], worker);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain('invalid --method');
  });

  it('writes the same capital-gains CSV', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lotwise-bundle-'));
    const args = (name: string) => [
      bin,
      'report',
      ...files,
      '--form',
      'capital-gains',
      '--year',
      '2024',
      '--out',
      join(dir, name),
    ];
    const r1 = await runNode(args('bundled.csv'), offline);
    const r2 = await runNode(args('sources.csv'), { ...offline, LOTWISE_CLI_BUNDLE: 'off' });
    expect([r1.code, r2.code]).toEqual([0, 0]);
    const bundled = readFileSync(join(dir, 'bundled.csv'), 'utf8');
    expect(bundled.split('\n').length).toBeGreaterThan(2);
    expect(bundled).toBe(readFileSync(join(dir, 'sources.csv'), 'utf8'));
  });

  it('runs the bundle while it is fresh, the sources once one of them changed', async () => {
    const trace = async () =>
      (await runNode([bin, 'calc', '--help'], { ...offline, LOTWISE_CLI_TRACE: '1' })).stderr;
    expect(await trace()).toBe('lotwise: bundle\n');
    const source = join(cli, 'src/main.ts');
    const before = statSync(source);
    const later = new Date(statSync(join(cli, 'dist/main.js')).mtimeMs + 5_000);
    utimesSync(source, later, later);
    try {
      expect(await trace()).toBe('lotwise: sources\n');
    } finally {
      utimesSync(source, before.atime, before.mtime);
    }
    expect(await trace()).toBe('lotwise: bundle\n');
    // `prices` opens the server's database code: always through the sources.
    const prices = await runNode([bin, 'prices', '--help'], { ...offline, LOTWISE_CLI_TRACE: '1' });
    expect(prices.stderr).toBe('lotwise: sources\n');
  });
});
