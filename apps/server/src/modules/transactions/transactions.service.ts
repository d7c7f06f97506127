import { METHODS } from '@lotwise/contracts/transactions/constants';
import {
  type ListTransactionsBody,
  type ListTransactionsResponse,
  OTHER_IDS_LIMIT,
} from '@lotwise/contracts/transactions/list-transactions';
import type { ImportSourceOption } from '@lotwise/contracts/transactions/options';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database, ImportHistoryRow, UserRow } from '../../db/schema.ts';
import { categoryOf, type FilterContext } from './list-filters.ts';
import { mergePairs } from './pairs/pair-row.ts';
import { changedSinceCalculation } from './recent-change.ts';
import { type MapContext, toListRow } from './row-mapper.ts';
import { TransactionStatsRepo } from './stats.repo.ts';
import { loadStatusSource, type StatusSource, statusesOf } from './status-source.ts';
import { TransactionsRepo } from './transactions.repo.ts';

/** The transactions list and its side calls; every method works on the signed-in user's rows only. */
export class TransactionsService {
  readonly repo: TransactionsRepo;
  readonly statsRepo: TransactionStatsRepo;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.repo = new TransactionsRepo(db, dialect);
    this.statsRepo = new TransactionStatsRepo(db);
    this.dialect = dialect;
  }

  private readonly dialect: DialectName;

  async list(
    user: UserRow,
    body: ListTransactionsBody,
    typeParam?: string,
  ): Promise<ListTransactionsResponse> {
    const [histories, status] = await Promise.all([
      this.repo.histories(user.id),
      loadStatusSource(this.db, user.id),
    ]);
    const ctx = this.filterContext(user.id, body, histories, status);
    const category = categoryOf(body, typeParam);
    const [page, updated] = await Promise.all([
      this.repo.listPage(body, category, ctx),
      changedSinceCalculation(this.db, user.id, status),
    ]);
    // The ids of the other pages (bulk "all pages") come from their own query, run beside
    // the rest of the page's reads rather than after them.
    const otherIds =
      page.count > 0 && page.count <= OTHER_IDS_LIMIT && page.count > page.rows.length
        ? this.repo.matchingIds(body, category, ctx)
        : Promise.resolve([]);
    const leadIds = page.rows.filter((r) => r.gt_id !== null).map((r) => Number(r.id));
    const [members] = await Promise.all([this.repo.groupMembers(user.id, leadIds), otherIds]);
    const ids = [...page.rows, ...members].map((r) => Number(r.id));
    const statuses = await statusesOf(this.db, status, ids);
    const map: MapContext = {
      currency: user.currency.toUpperCase(),
      histories: new Map(histories.map((h) => [h.id, h])),
      statuses,
      derived: status.calcId === null,
      taxCalculated: status.calcId !== null,
    };
    const byGroup = new Map<number, typeof members>();
    for (const m of members) {
      const key = Number(m.gt_id);
      byGroup.set(key, [...(byGroup.get(key) ?? []), m]);
    }
    const transactions = await mergePairs(
      this.db,
      user.id,
      page.rows.map((r) => toListRow(r, byGroup.get(Number(r.id)) ?? [], map)),
      map,
    );
    const onPage = new Set(transactions.map((t) => t.id));
    const other = (await otherIds).filter((id) => !onPage.has(id));
    const pref = user.bulk_edit_preference;
    return {
      transactions,
      transactions_count: page.count,
      transactions_ids: Object.fromEntries(transactions.map((t) => [String(t.id), t.ignored])),
      other_transactions_ids: other,
      bulk_edit_preference: pref === 'single_page' || pref === 'all_pages' ? pref : null,
      has_sell_without_buy: transactions.some((t) => t.is_sell_without_buy),
      currency: map.currency,
      transactions_updated: updated,
      page: body.page,
      page_size: body.page_size,
    };
  }

  filterContext(
    userId: number,
    body: ListTransactionsBody,
    histories: ImportHistoryRow[],
    status: StatusSource,
  ): FilterContext {
    const search = body.search_params?.toLowerCase() ?? null;
    const methods = (body.methods ?? []).filter((m) => m !== 'all');
    return {
      userId,
      dialect: this.dialect,
      status,
      searchHistoryIds: search
        ? histories
            .filter((h) =>
              [h.account_name, h.custom_name, h.account_slug, h.wallet_address].some((v) =>
                v?.toLowerCase().includes(search),
              ),
            )
            .map((h) => h.id)
        : [],
      methodHistoryIds:
        methods.length > 0 ? histories.filter((h) => methods.includes(h.type)).map((h) => h.id) : null,
    };
  }

  async methods(userId: number) {
    const [histories, counts] = await Promise.all([
      this.repo.histories(userId),
      this.statsRepo.sourceCounts(userId),
    ]);
    const byHistory = new Map<number, number>();
    for (const c of counts)
      byHistory.set(c.import_history_id, (byHistory.get(c.import_history_id) ?? 0) + Number(c.n));
    return METHODS.map((m) => ({
      value: m.value,
      label: m.label,
      count: histories.filter((h) => h.type === m.value).reduce((n, h) => n + (byHistory.get(h.id) ?? 0), 0),
    })).filter((m) => m.count > 0);
  }

  /** Accounts as headers (filtering by the whole account), each followed by its files. */
  async importSources(userId: number): Promise<ImportSourceOption[]> {
    const [histories, files, counts] = await Promise.all([
      this.repo.histories(userId),
      this.statsRepo.files(userId),
      this.statsRepo.sourceCounts(userId),
    ]);
    const out: ImportSourceOption[] = [];
    for (const h of histories) {
      const mine = counts.filter((c) => c.import_history_id === h.id);
      const label = h.type === 'manual' ? 'Other Wallets' : (h.custom_name ?? h.account_name);
      out.push({
        value: h.id,
        label,
        file_name: null,
        slug: h.account_slug,
        type: h.type,
        address: h.wallet_address,
        group_id: h.id,
        count: mine.reduce((n, c) => n + Number(c.n), 0),
        isHeader: true,
      });
      for (const f of files.filter((x) => x.import_history_id === h.id)) {
        out.push({
          value: f.id,
          label,
          file_name: f.file_name,
          slug: h.account_slug,
          type: 'file',
          address: h.wallet_address,
          group_id: h.id,
          count: Number(mine.find((c) => c.import_file_id === f.id)?.n ?? 0),
          isHeader: false,
        });
      }
    }
    return out;
  }

  /** Imports came in after the latest finished calculation (or there is none yet). */
  async canRecalculate(userId: number): Promise<boolean> {
    const [latestCalc, latestTx] = await Promise.all([
      this.db
        .selectFrom('tax_calculations')
        .select('created_at')
        .where('user_id', '=', userId)
        .where('status', '=', 'complete')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
      this.db
        .selectFrom('transactions')
        .select('created_at')
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ]);
    if (!latestTx) return false;
    return !latestCalc || latestTx.created_at > latestCalc.created_at;
  }

  /** No calculation of the user is queued or running. */
  async calculationComplete(userId: number): Promise<boolean> {
    const running = await this.db
      .selectFrom('tax_calculations')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['queued', 'running'])
      .limit(1)
      .executeTakeFirst();
    return !running;
  }
}
