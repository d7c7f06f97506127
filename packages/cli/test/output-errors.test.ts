import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UNIVERSAL_COLUMNS } from '@lotwise/importers/formats/koinly-universal';
import { beforeAll, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '../../../apps/cli/bin/lotwise.mjs');
let file = '';

/** A wallet of 4,000 rows: its --json output (~1.3 MB) is far more than a pipe holds. */
beforeAll(() => {
  const lines = [UNIVERSAL_COLUMNS.join(',')];
  for (let i = 0; i < 2000; i++) {
    const day = `2024-01-${String(1 + (i % 28)).padStart(2, '0')}`;
    lines.push(`${day} 10:00:00,100,USD,1,BTC,,,100,USD,,,`);
    lines.push(`${day} 11:00:00,1,BTC,120,USD,,,120,USD,,,`);
  }
  file = join(mkdtempSync(join(tmpdir(), 'lotwise-out-')), 'wallet.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
});

type Ended = { code: number | null; stderr: string };

/** Runs `lotwise calc FILE --json` with stdout to `stdout` ('pipe': read until the first chunk). */
function run(stdout: number | 'pipe', worker: 'on' | 'off'): Promise<Ended> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, 'calc', file, '--json', '--offline'], {
      stdio: ['ignore', stdout, 'pipe'],
      env: { ...process.env, LOTWISE_CLI_WORKER: worker },
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
    });
    // The reader that goes away after the first chunk, as `| head -c 100` does.
    child.stdout?.once('data', () => child.stdout!.destroy());
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('lotwise calc when its output cannot be written', { timeout: 60_000 }, () => {
  for (const worker of ['off', 'on'] as const) {
    it(`a reader that closes the pipe early: exit 1, no message (worker ${worker})`, async () => {
      const ended = await run('pipe', worker);
      expect(ended).toEqual({ code: 1, stderr: '' });
    });

    it(`a full disk: exit 1 and one line naming the error, no stack trace (worker ${worker})`, async () => {
      const full = openSync('/dev/full', 'w');
      try {
        const ended = await run(full, worker);
        expect(ended.code).toBe(1);
        expect(ended.stderr).toBe(
          'lotwise: cannot write the output: ENOSPC: no space left on device, write\n',
        );
      } finally {
        closeSync(full);
      }
    });
  }
});
