import { readFile } from 'node:fs/promises';
import type { NormalisedTransaction } from '@lotwise/contracts/normalised';
import { parseFile } from '@lotwise/importers/parse';
import type { NewStagedRow } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import type { JobIO } from '../../jobs/job-queue.ts';
import { nowIso } from '../users/users.repo.ts';
import { dedupeKeys } from './dedupe.ts';
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
export function importFileJob(ctx: AppContext, repo: ImportsRepo) {
  return async ({ job, payload, progress }: JobIO) => {
    const { fileId, format } = payload as ImportFilePayload;
    const file = await repo.findFile(job.user_id, fileId);
    if (!file?.storage_path) throw new Error(`Upload ${fileId} not found`);
    const history = await repo.findHistory(job.user_id, file.import_history_id);
    if (!history) throw new Error(`Account ${file.import_history_id} not found`);

    await progress(5, 'Reading file');
    const bytes = await readFile(file.storage_path);
    await progress(15, 'Parsing rows');
    const parsed = parseFile(bytes, {
      ...(format ? { format } : {}),
      wallet: history.custom_name ?? history.account_name,
      ...(history.wallet_address ? { address: history.wallet_address } : {}),
    });

    if (parsed.transactions.length === 0 && parsed.errors.length > 0) {
      const reason = parsed.errors[0]?.message ?? 'no rows could be read';
      await repo.failImport(
        file.id,
        history.id,
        parsed.format,
        `${importFailedText(history.account_name)} ${reason}`,
        parsed.errors,
      );
      return { status: 'failed', format: parsed.format, errors: parsed.errors.length };
    }

    const family = familyOfFormat(parsed.format).slug;
    const keys = dedupeKeys(family, parsed.transactions);
    const now = nowIso();
    await repo.clearStaging(file.id);
    const total = parsed.transactions.length;
    const chunk = 1000; // 23 columns a row: stays under SQLite's 32,766 bound parameters
    for (let i = 0; i < total; i += chunk) {
      await repo.stageRows(
        parsed.transactions
          .slice(i, i + chunk)
          .map((t, j) => stagedRow(t, keys[i + j]!, job.user_id, history.id, file.id, now)),
      );
      if ((i / chunk) % 20 === 19)
        await progress(20 + Math.floor((70 * i) / total), `Saved ${i} of ${total} rows`);
    }
    await progress(90, 'Finishing');
    const outcome = await repo.commitImport({
      fileId: file.id,
      historyId: history.id,
      userId: job.user_id,
      format: parsed.format,
      parsed: total,
      errors: parsed.errors,
      skipped: parsed.skipped.length,
    });
    ctx.hub.publish(job.user_id, {
      channel: 'imports',
      event: 'import_complete',
      data: {
        import_history_id: history.id,
        import_file_id: file.id,
        ...outcome,
        errors: parsed.errors.length,
      },
    });
    return {
      status: 'complete',
      format: parsed.format,
      ...outcome,
      errors: parsed.errors.length,
      skipped: parsed.skipped.length,
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
