import { createHash, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../http/context.ts';
import type { JobHandler, JobIO } from '../../jobs/job-queue.ts';
import type { ImportHistory } from '../imports/import-history.service.ts';
import type { RenderedFile } from './sources/paged-csv-file.ts';

/**
 * What a connected source fetched, kept as one upload of its account (in the layout of that
 * source's own export) and imported by the file importer inside the same job, with its
 * progress mapped onto [from, to]: the same rows, dedupe keys and error log as the file.
 */
export async function importFetched(
  ctx: AppContext,
  repo: ImportHistory,
  importFile: JobHandler,
  io: JobIO,
  input: {
    historyId: number;
    format: string;
    fileName: string;
    from: number;
    to: number;
  } & ({ csv: string } | { file: RenderedFile }),
): Promise<unknown> {
  let stored: RenderedFile;
  if ('file' in input) stored = input.file;
  else {
    const bytes = Buffer.from(input.csv);
    const storagePath = await uploadPath(ctx, io, input.format);
    await writeFile(storagePath, bytes);
    stored = {
      path: storagePath,
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  }
  const file = await repo.createFile({
    userId: io.job.user_id,
    historyId: input.historyId,
    fileName: input.fileName,
    storagePath: stored.path,
    sha256: stored.sha256,
    sizeBytes: stored.bytes,
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

/** Where a connected source's rendered history is kept: with the user's uploads. */
export async function uploadPath(ctx: AppContext, io: JobIO, format: string): Promise<string> {
  const dir = path.join(ctx.config.dataDir, 'uploads', String(io.job.user_id));
  await mkdir(dir, { recursive: true });
  return path.join(dir, `${format}-${io.job.id}-${randomUUID()}.csv`);
}
