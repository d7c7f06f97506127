import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';

export interface StoredUpload {
  fileName: string;
  storagePath: string;
  sha256: string;
  sizeBytes: number;
  fields: Record<string, string>;
}

/**
 * Streams a multipart upload to disk while hashing it, so a file of hundreds of
 * megabytes never sits in memory. Form fields may come before or after the file.
 */
export async function receiveUpload(request: FastifyRequest, dir: string): Promise<StoredUpload> {
  if (!request.isMultipart())
    throw new AppError('validation_failed', 'file: send the export as multipart/form-data');
  await mkdir(dir, { recursive: true });
  const fields: Record<string, string> = {};
  let stored: Omit<StoredUpload, 'fields'> | undefined;
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
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(part.file, meter, createWriteStream(storagePath));
      if (part.file.truncated) {
        await unlink(storagePath).catch(() => {});
        throw new AppError('validation_failed', 'file: the file is larger than the upload limit');
      }
      stored = {
        fileName: part.filename || 'upload.csv',
        storagePath,
        sha256: hash.digest('hex'),
        sizeBytes: size,
      };
    }
  } catch (error) {
    if (stored) await unlink(stored.storagePath).catch(() => {});
    throw error;
  }
  if (!stored) throw new AppError('validation_failed', 'file: choose a file to upload', { field: 'file' });
  if (stored.sizeBytes === 0) {
    await unlink(stored.storagePath).catch(() => {});
    throw new AppError('validation_failed', 'file: the file is empty', { field: 'file' });
  }
  return { ...stored, fields };
}
