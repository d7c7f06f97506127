import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { recordId } from '@lotwise/contracts/ids';
import {
  importHistoryExists,
  listExchangeSources,
  listImportHistoriesV1,
  listImportHistoriesV2,
} from '@lotwise/contracts/imports/import-histories';
import { getImportErrors, listCsvFiles, uploadCsv } from '@lotwise/contracts/imports/uploads';
import type { FastifyInstance } from 'fastify';
import type { ImportHistoryRow } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { refuseNul } from '../../http/no-nul.ts';
import { authedRoute } from '../../http/route.ts';
import { receiveUpload, type StoredUpload } from '../../http/upload.ts';
import { accountFailures } from '../wallets/wallets.service.ts';
import { detectUploadFormat } from './detect-upload.ts';
import { appImportFileJob } from './import-file.job.ts';
import { toHistoryRow, toSourceRow } from './import-views.ts';
import { ImportsRepo } from './imports.repo.ts';
import { familyOfFormat } from './sources.ts';
import { countReceiving, uploadAllowance } from './upload-space.ts';

export function registerImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = new ImportsRepo(ctx.db.kysely);
  ctx.jobs.register('import.parse', appImportFileJob(ctx, repo));

  /** Progress of running imports, keyed by account, from their jobs. */
  async function progressOf(userId: number): Promise<Map<number, number>> {
    const files = await repo.filesOfUser(userId);
    const progress = new Map<number, number>();
    for (const f of files.filter((x) => x.status === 'in-progress' && x.job_id)) {
      const live = ctx.jobs.liveProgress(f.job_id!);
      const job = live === undefined ? await ctx.jobsRepo.find(f.job_id!) : undefined;
      progress.set(f.import_history_id, live ?? job?.progress ?? 0);
    }
    return progress;
  }

  authedRoute(app, uploadCsv, async ({ auth, request }) => {
    const limit = ctx.config.uploadPendingQuotaBytes;
    const receiving = countReceiving(auth.user.id);
    const upload = await receiveUpload(
      request,
      path.join(ctx.config.dataDir, 'uploads', String(auth.user.id)),
      {
        allowance: await uploadAllowance(ctx.db.kysely, auth.user.id, limit),
        limit,
        onBytes: receiving.add,
      },
    ).finally(receiving.end);
    // Until the upload row names the file, every failure deletes it (nothing else would).
    let recorded = false;
    try {
      return await recordUpload(auth.user.id, upload, () => {
        recorded = true;
      });
    } catch (error) {
      if (!recorded) await unlink(upload.storagePath).catch(() => {});
      throw error;
    }
  });

  /** The received file as an upload of the user's account and its import job. */
  async function recordUpload(userId: number, upload: StoredUpload, onRecorded: () => void) {
    const fail = async (message: string, field: string) => {
      throw new AppError('validation_failed', message, { field });
    };
    refuseNul({ ...upload.fields, file: upload.fileName });
    const detected = await detectUploadFormat(upload.storagePath, upload.fields.format);
    if ('error' in detected) return fail(detected.error, detected.error.split(':')[0] ?? 'file');
    const family = familyOfFormat(detected.id);

    let history: ImportHistoryRow | undefined;
    const wantedText = upload.fields.import_history_id?.trim() || undefined;
    const wanted = wantedText === undefined ? undefined : recordId.safeParse(wantedText);
    if (wanted && !wanted.success)
      return fail(
        'import_history_id: must be the id of one of your accounts (a whole number)',
        'import_history_id',
      );
    const wantedId = wanted?.data;
    if (wantedId !== undefined) {
      history = await repo.findHistory(userId, wantedId);
      if (!history) return fail('import_history_id: account not found', 'import_history_id');
      if (history.account_slug !== family.slug) {
        return fail(`file: this is a ${family.name} file, not ${history.account_name}`, 'file');
      }
    } else if (upload.fields.new_account !== 'true') {
      const existing = await repo.historiesWithCounts(userId);
      history = existing.find((h) => h.account_slug === family.slug && h.type === 'csv');
    }
    history ??= await repo.createHistory({
      userId: userId,
      name: family.name,
      slug: family.slug,
      type: 'csv',
      customName: upload.fields.custom_name?.trim().slice(0, 120) || null,
      usBased: family.usBased,
      walletAddress: upload.fields.wallet_address?.trim() || null,
    });
    await repo.setHistoryStatus(history.id, 'in-progress', false);
    const file = await repo.createFile({
      userId: userId,
      historyId: history.id,
      fileName: upload.fileName.slice(0, 255),
      storagePath: upload.storagePath,
      sha256: upload.sha256,
      sizeBytes: upload.sizeBytes,
      format: detected.id,
    });
    onRecorded();
    const job = await ctx.jobs.enqueue('import.parse', userId, {
      fileId: file.id,
      format: detected.id,
    });
    // The job records itself on the upload when it starts (import-file.job.ts): a write here
    // could land after the import writer has taken the embedded database's write lock.
    return {
      status: 'success' as const,
      data: { import_history_id: history.id, import_file_id: file.id, job_id: job.id },
    };
  }

  authedRoute(app, listCsvFiles, async ({ auth, query }) => {
    const files = await repo.filesOfUser(auth.user.id);
    const data: Record<
      string,
      {
        id: number;
        coin_addr: string | null;
        coin_code: string | null;
        status: 'in-progress' | 'finished';
        file_name: string;
        error_count: number;
      }[]
    > = {};
    for (const f of files) {
      const finished = f.status !== 'in-progress';
      if (finished && query.all !== 'true') continue;
      const key = f.custom_name ?? f.account_name;
      data[key] = data[key] ?? [];
      data[key].push({
        id: f.id,
        coin_addr: null,
        coin_code: null,
        status: finished ? 'finished' : 'in-progress',
        file_name: f.file_name,
        error_count: f.error_count,
      });
    }
    return { data };
  });

  authedRoute(app, listImportHistoriesV1, async ({ auth, query }) => {
    const [rows, progress, failures] = await Promise.all([
      repo.historiesWithCounts(auth.user.id),
      progressOf(auth.user.id),
      accountFailures(ctx.db.kysely, auth.user.id),
    ]);
    const visible =
      query.all === 'true'
        ? rows
        : rows.filter((r) => r.total_transactions > 0 || r.import_status !== 'complete');
    return {
      data: visible.map((r) => toHistoryRow(r, progress.get(r.id) ?? 0, failures.get(r.id) ?? null)),
    };
  });

  authedRoute(app, listImportHistoriesV2, async ({ auth, query }) => {
    const total = await repo.countHistories(auth.user.id);
    const rows = await repo.historiesWithCounts(auth.user.id, {
      limit: query.size,
      offset: (query.page - 1) * query.size,
    });
    const progress = await progressOf(auth.user.id);
    const failures = await accountFailures(ctx.db.kysely, auth.user.id);
    return {
      data: rows.map((r) => toHistoryRow(r, progress.get(r.id) ?? 0, failures.get(r.id) ?? null)),
      meta: {
        current_page: query.page,
        per_page: query.size,
        total_count: total,
        total_pages: Math.ceil(total / query.size),
      },
    };
  });

  authedRoute(app, importHistoryExists, async ({ auth }) => ({
    import_history_exists: (await repo.countHistories(auth.user.id)) > 0,
    transaction_uploaded: Boolean(auth.user.transaction_uploaded),
  }));

  authedRoute(app, listExchangeSources, async ({ auth, params }) => {
    const history = await repo.findHistory(auth.user.id, params.id);
    if (!history) throw notFound('Account');
    const files = await repo.filesOfHistory(auth.user.id, history.id);
    return { data: files.map((f) => toSourceRow(f, history)) };
  });

  authedRoute(app, getImportErrors, async ({ auth, params }) => {
    const file = await repo.findFile(auth.user.id, params.id);
    if (!file) throw notFound('Import');
    const history = await repo.findHistory(auth.user.id, file.import_history_id);
    if (!history) throw notFound('Import');
    const errors = await repo.errorsOfFile(file.id);
    return {
      data: {
        source: toSourceRow(file, history),
        errors: errors.map((e) => ({ line: e.line, column: e.column_name, message: e.message })),
      },
    };
  });
}
