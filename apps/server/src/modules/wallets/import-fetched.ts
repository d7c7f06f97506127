import { createHash, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../http/context.ts';
import type { JobHandler, JobIO } from '../../jobs/job-queue.ts';
import type { ImportsRepo } from '../imports/imports.repo.ts';

/**
 * What a connected source fetched, kept as one upload of its account (in the layout of that
 * source's own export) and imported by the file importer inside the same job, with its
 * progress mapped onto [from, to]: the same rows, dedupe keys and error log as the file.
 */
export async function importFetched(
  ctx: AppContext,
  repo: ImportsRepo,
  importFile: JobHandler,
  io: JobIO,
  input: { historyId: number; csv: string; format: string; fileName: string; from: number; to: number },
): Promise<unknown> {
  const bytes = Buffer.from(input.csv);
  const dir = path.join(ctx.config.dataDir, 'uploads', String(io.job.user_id));
  await mkdir(dir, { recursive: true });
  const storagePath = path.join(dir, `${input.format}-${io.job.id}-${randomUUID()}.csv`);
  await writeFile(storagePath, bytes);
  const file = await repo.createFile({
    userId: io.job.user_id,
    historyId: input.historyId,
    fileName: input.fileName,
    storagePath,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    sizeBytes: bytes.length,
    format: input.format,
  });
  const span = input.to - input.from;
  return importFile({
    ...io,
    payload: { fileId: file.id, format: input.format },
    progress: (percent, message, options) =>
      io.progress(input.from + (span * percent) / 100, message, options),
  });
}
