import { createHash, randomUUID } from 'node:crypto';
import type { manualEntryBody } from '@lotwise/contracts/imports/manual-entry';
import type { z } from 'zod';
import { nowIso } from '../../db/timestamps.ts';
import type { AppContext } from '../../http/context.ts';
import { ImportsRepo } from './imports.repo.ts';

export type ManualEntry = z.output<typeof manualEntryBody>;

/**
 * Stores a typed-in transaction in the user's Manual account (created on first use) and
 * returns its id. Used by the manual entry form, by the pair dialogs' "Create Manual" and, with
 * `accountId` (an account of the user's, checked by the caller), by the 1099-DA tie-out's
 * "Add the missing deposit", which puts the deposit in the account the coins were sold from.
 */
export async function insertManualEntry(
  ctx: AppContext,
  userId: number,
  body: ManualEntry,
  options: { accountId?: number; dedupeKey?: string } = {},
): Promise<number> {
  const db = ctx.db.kysely;
  const repo = new ImportsRepo(db);
  const target = options.accountId;
  const existing =
    target === undefined
      ? (await repo.historiesWithCounts(userId)).find((h) => h.type === 'manual')
      : { id: target };
  const history =
    existing ??
    (await repo.createHistory({
      userId,
      name: 'Manual',
      slug: 'manual',
      type: 'manual',
      customName: null,
      usBased: false,
      walletAddress: null,
    }));
  const now = nowIso();
  const timestamp = new Date(body.date).toISOString().replace(/\.\d{3}Z$/, 'Z');
  // Typed-in rows are never duplicates of one another: each gets a key of its own (a caller
  // that must not write one row twice gives its own).
  const key = options.dedupeKey ?? createHash('sha256').update(`manual|${randomUUID()}`).digest('hex');
  const row = await db
    .insertInto('transactions')
    .values({
      user_id: userId,
      import_history_id: history.id,
      import_file_id: null,
      dedupe_key: key,
      timestamp,
      kind: body.type,
      subtype: null,
      sent_asset: body.from_currency ?? null,
      sent_amount: body.from_amount ?? null,
      received_asset: body.to_currency ?? null,
      received_amount: body.to_amount ?? null,
      fee_asset: body.fee_amount && Number(body.fee_amount) !== 0 ? (body.fee_currency ?? null) : null,
      fee_amount: body.fee_amount && Number(body.fee_amount) !== 0 ? body.fee_amount : null,
      fiat_currency: body.fiat_currency ?? null,
      fiat_value: body.fiat_value ?? null,
      external_id: null,
      tx_hash: null,
      from_address: null,
      to_address: null,
      label: body.label ?? null,
      note: null,
      source_lines: null,
      user_defined_type: null,
      comment: body.comment ?? null,
      gt_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // An imported account keeps its own import status (it may be syncing).
  if (target === undefined) await repo.setHistoryStatus(history.id, 'complete', true);
  await ctx.users.update(userId, { transaction_uploaded: true });
  return Number(row.id);
}
