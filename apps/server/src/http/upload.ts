import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export interface StoredUpload {
  fileName: string;
  storagePath: string;
  sha256: string;
  sizeBytes: number;
  fields: Record<string, string>;
}

/** What a request body that ends mid-way (or is not valid multipart) is answered with. */
export const BROKEN_BODY =
  'file: the upload ended before the file did (a broken or cut-off multipart body); send the file again';

const ONE_FILE = 'file: send one file per upload (a form with the file and its few options)';

/**
 * A failure while reading the body: our own errors and Fastify's 4xx ones stand; a system
 * error (a full disk) stays a server error; anything else is the body's fault (busboy's
 * "Unexpected end of form", a malformed part header, a client that went away): 400.
 */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const e = error as { statusCode?: number; syscall?: string; errno?: number; code?: string };
  // @fastify/multipart's own words ('reach files limit', 413) name neither the field nor the fix.
  if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT')
    return new AppError('validation_failed', ONE_FILE, { field: 'file' });
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) return error;
  if (e.syscall !== undefined && e.errno !== undefined) return error;
  return new AppError('validation_failed', BROKEN_BODY, { field: 'file' });
}

/**
 * Streams a multipart upload to disk while hashing it, so a file of hundreds of
 * megabytes never sits in memory. Form fields may come before or after the file.
 * On any failure (a broken or cut-off body, a client gone, the size or quota exceeded)
 * the partial file is deleted before the error goes on. `allowance`: the bytes this
 * file may have under the user's quota of pending uploads; `onBytes` counts them.
 */
export async function receiveUpload(
  request: FastifyRequest,
  dir: string,
  quota: { allowance: number; limit: number; onBytes?: (bytes: number) => void } = {
    allowance: Number.POSITIVE_INFINITY,
    limit: Number.POSITIVE_INFINITY,
  },
): Promise<StoredUpload> {
  if (!request.isMultipart())
    throw new AppError('validation_failed', 'file: send the export as multipart/form-data');
  await mkdir(dir, { recursive: true });
  const fields: Record<string, string> = {};
  let stored: Omit<StoredUpload, 'fields'> | undefined;
  let partial: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'file' || stored) {
        part.file.resume();
        continue;
      }
      const storagePath = path.join(dir, `${randomUUID()}.upload`);
      partial = storagePath;
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > quota.allowance) {
            done(
              new AppError(
                'validation_failed',
                `file: uploads waiting to be imported may take ${quota.limit} bytes per user; wait for your imports to finish, or delete one, and send this file again`,
                { field: 'file' },
              ),
            );
            return;
          }
          quota.onBytes?.(chunk.length);
          hash.update(chunk);
          done(null, chunk);
        },
      });
      // The file exists before a byte is read: a body that breaks at once cannot have the write
      // stream's own (later) open create it after the catch below has already removed it.
      const out = (await open(storagePath, 'wx')).createWriteStream();
      await pipeline(part.file, meter, out);
      if (part.file.truncated) {
        throw new AppError('validation_failed', 'file: the file is larger than the upload limit', {
          field: 'file',
        });
      }
      stored = {
        fileName: part.filename || 'upload.csv',
        storagePath,
        sha256: hash.digest('hex'),
        sizeBytes: size,
      };
    }
  } catch (error) {
    if (partial) await unlink(partial).catch(() => {});
    throw asUploadError(error);
  }
  if (!stored) throw new AppError('validation_failed', 'file: choose a file to upload', { field: 'file' });
  if (stored.sizeBytes === 0) {
    await unlink(stored.storagePath).catch(() => {});
    throw new AppError('validation_failed', 'file: the file is empty', { field: 'file' });
  }
  return { ...stored, fields };
}
