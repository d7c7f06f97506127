import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseInWorker } from '../src/modules/imports/parse-in-worker.ts';
import { type ParseUploadInput, parseUpload } from '../src/modules/imports/parse-upload.ts';
import type { StagedValues } from '../src/modules/imports/staged-row.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';

function upload(rows: string[]): ParseUploadInput {
  const dir = mkdtempSync(path.join(tmpdir(), 'lotwise-parse-worker-'));
  const file = path.join(dir, 'universal.csv');
  writeFileSync(file, `${[HEADER, ...rows].join('\n')}\n`);
  return {
    path: file,
    family: 'koinly',
    wallet: 'Koinly',
    userId: 1,
    historyId: 2,
    fileId: 3,
    now: '2026-01-01T00:00:00.000Z',
  };
}

const rows = Array.from({ length: 2500 }, (_, i) => {
  const day = String((i % 28) + 1).padStart(2, '0');
  return `2024-03-${day} 10:${String(i % 60).padStart(2, '0')}:00 UTC,,,${i + 1}.5,DOT,,,,,reward,Staking,`;
});

describe('parse worker', () => {
  it('hands over the same rows, errors and skips as parsing inline, in file order', async () => {
    const input = upload([...rows.slice(0, 1200), 'not a date,,,1,BTC,,,,,,,', ...rows.slice(1200)]);
    const collect = () => {
      const out = { rows: [] as StagedValues[], errors: [] as unknown[], skipped: 0 };
      return {
        out,
        sink: {
          rows: (batch: StagedValues[]) => void out.rows.push(...batch),
          errors: (batch: unknown[]) => void out.errors.push(...batch),
        },
      };
    };
    const inline = collect();
    const a = await parseUpload(input, {
      ...inline.sink,
      skipped: (b) => {
        inline.out.skipped += b.length;
      },
    });
    const worker = collect();
    const b = await parseInWorker(input, {
      ...worker.sink,
      skipped: (n) => {
        worker.out.skipped += n;
      },
    });
    expect(b).toEqual(a);
    expect(a.records).toBe(2500);
    expect(worker.out).toEqual(inline.out);
    expect(worker.out.errors).toHaveLength(1);
    expect(worker.out.rows[0]?.slice(0, 3)).toEqual([3, 1, 2]);
  });

  it('fails with the reason when the file cannot be read', async () => {
    const input = { ...upload(rows.slice(0, 1)), path: '/nonexistent/upload.csv' };
    await expect(
      parseInWorker(input, { rows: () => {}, errors: () => {}, skipped: () => {} }),
    ).rejects.toThrow(/Parse worker failed: .*ENOENT/s);
  });

  it('stops the worker and fails when storing a batch fails', async () => {
    const input = upload(rows);
    await expect(
      parseInWorker(input, {
        rows: () => {
          throw new Error('disk full');
        },
        errors: () => {},
        skipped: () => {},
      }),
    ).rejects.toThrow('disk full');
  });
});
