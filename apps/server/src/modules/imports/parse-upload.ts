import { createReadStream } from 'node:fs';
import type { RowError, SkippedRow } from '@lotwise/contracts/normalised';
import { parseStream, type StreamSummary } from '@lotwise/importers/parse-stream';
import { DedupeKeyer } from './dedupe.ts';
import { type StagedValues, type StagingTarget, stagedValues } from './staged-row.ts';

/** What one run reads: the stored upload, its layout and the account it goes to. */
export interface ParseUploadInput extends StagingTarget {
  path: string;
  format?: string | undefined;
  family: string;
  wallet: string;
  address?: string | undefined;
}

/** Where the run's output goes, batch by batch, in file order. */
export interface UploadSink {
  /** Rows ready for staging, and how many bytes of the file have been read so far. */
  rows(batch: StagedValues[], bytesRead: number): void | Promise<void>;
  errors(batch: RowError[]): void | Promise<void>;
  skipped(batch: SkippedRow[]): void | Promise<void>;
}

/**
 * Streams an upload from disk through the parser, keys every record for deduplication and
 * hands the rows on as staging values. Memory stays flat however large the export is.
 * Runs inline or inside the parse worker (parse-worker.ts), with the same output.
 */
export async function parseUpload(input: ParseUploadInput, sink: UploadSink): Promise<StreamSummary> {
  const keyer = new DedupeKeyer(input.family);
  let read = 0;
  async function* chunks() {
    for await (const chunk of createReadStream(input.path, { highWaterMark: 256 * 1024 })) {
      read += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
  }
  return parseStream(
    chunks(),
    {
      ...(input.format ? { format: input.format } : {}),
      wallet: input.wallet,
      ...(input.address ? { address: input.address } : {}),
    },
    {
      records: (batch) =>
        sink.rows(
          batch.map((t) => stagedValues(t, keyer.key(t), input)),
          read,
        ),
      errors: (batch) => sink.errors(batch),
      skipped: (batch) => sink.skipped(batch),
    },
  );
}
