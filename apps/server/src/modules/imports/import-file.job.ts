import { createReadStream } from 'node:fs';
import type { NormalisedTransaction } from '@lotwise/contracts/normalised';
import { parseStream } from '@lotwise/importers/parse-stream';
import type { NewStagedRow } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import type { JobIO } from '../../jobs/job-queue.ts';
import { nowIso } from '../users/users.repo.ts';
import { DedupeKeyer } from './dedupe.ts';
import type { ImportStore } from './import-store.ts';
import type { ImportsRepo } from './imports.repo.ts';
import { familyOfFormat } from './sources.ts';

export interface ImportFilePayload {
  fileId: number;
  format?: string | undefined;
}

export const importFailedText = (name: string) =>
  `${name} import failed, please try again and contact customer support if the issue persists.`;

/**
 * Parses an uploaded file and stores it whole: rows that parse are stored (once: rows
 * already present are counted, not added), rows that don't are listed with their line,
 * column and problem. An unreadable file stores nothing and marks the upload failed.
 */
export function importFileJob(ctx: AppContext, repo: ImportsRepo, store: ImportStore) {
  return async ({ job, payload, progress }: JobIO) => {
    const { fileId, format: wanted } = payload as ImportFilePayload;
    const file = await repo.findFile(job.user_id, fileId);
    if (!file?.storage_path) throw new Error(`Upload ${fileId} not found`);
    const history = await repo.findHistory(job.user_id, file.import_history_id);
    if (!history) throw new Error(`Account ${file.import_history_id} not found`);

    const format = wanted ?? file.format ?? undefined;
    const keyer = new DedupeKeyer(familyOfFormat(format ?? 'unknown').slug);
    const now = nowIso();
    await store.resetRun(file.id);

    // The file streams from disk through the parser in batches: memory stays flat
    // however large the export is. Progress follows the bytes read.
    const size = Math.max(file.size_bytes, 1);
    let read = 0;
    let reported = 0;
    let skipped = 0;
    async function* chunks() {
      for await (const chunk of createReadStream(file!.storage_path!, { highWaterMark: 256 * 1024 })) {
        read += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    }
    const summary = await parseStream(
      chunks(),
      {
        ...(format ? { format } : {}),
        wallet: history.custom_name ?? history.account_name,
        ...(history.wallet_address ? { address: history.wallet_address } : {}),
      },
      {
        records: async (batch) => {
          await store.stageRows(
            batch.map((t) => stagedRow(t, keyer.key(t), job.user_id, history.id, file.id, now)),
          );
          const percent = 5 + Math.floor((85 * read) / size);
          if (percent >= reported + 5) {
            reported = percent;
            await progress(
              Math.min(percent, 90),
              `Read ${Math.round(read / 1024)} of ${Math.round(size / 1024)} KB`,
            );
          }
        },
        errors: (batch) => store.addErrors(file.id, batch),
        skipped: (batch) => {
          skipped += batch.length;
        },
      },
    );

    if (summary.records === 0 && summary.errors > 0) {
      const errors = await repo.errorsOfFile(file.id);
      const reason = summary.fatal?.message ?? errors[0]?.message ?? 'no rows could be read';
      await store.failImport(
        file.id,
        history.id,
        summary.format,
        `${importFailedText(history.account_name)} ${reason}`,
        summary.errors,
      );
      return { status: 'failed', format: summary.format, errors: summary.errors };
    }

    await progress(90, 'Finishing');
    const outcome = await store.commitImport({
      fileId: file.id,
      historyId: history.id,
      userId: job.user_id,
      format: summary.format,
      parsed: summary.records,
      errorCount: summary.errors,
      skipped,
    });
    ctx.hub.publish(job.user_id, {
      channel: 'imports',
      event: 'import_complete',
      data: {
        import_history_id: history.id,
        import_file_id: file.id,
        ...outcome,
        errors: summary.errors,
      },
    });
    return {
      status: 'complete',
      format: summary.format,
      ...outcome,
      errors: summary.errors,
      skipped,
    };
  };
}

function stagedRow(
  t: NormalisedTransaction,
  key: string,
  userId: number,
  historyId: number,
  fileId: number,
  now: string,
): NewStagedRow {
  return {
    import_file_id: fileId,
    user_id: userId,
    import_history_id: historyId,
    dedupe_key: key,
    timestamp: t.timestamp,
    kind: t.kind,
    subtype: t.subtype ?? null,
    sent_asset: t.sent?.asset ?? null,
    sent_amount: t.sent?.amount ?? null,
    received_asset: t.received?.asset ?? null,
    received_amount: t.received?.amount ?? null,
    fee_asset: t.fee?.asset ?? null,
    fee_amount: t.fee?.amount ?? null,
    fiat_currency: t.fiat_value?.currency ?? null,
    fiat_value: t.fiat_value?.amount ?? null,
    external_id: t.external_id ?? null,
    tx_hash: t.tx_hash ?? null,
    from_address: t.from_address ?? null,
    to_address: t.to_address ?? null,
    label: t.label ?? null,
    note: t.note ?? null,
    source_lines: t.source_lines.join(','),
    created_at: now,
  };
}
