import {
  type MarkPairBody,
  NO_PAIR_MESSAGE,
  type PairCandidate,
  type PairKind,
} from '@lotwise/contracts/transactions/edit/pairs';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database, TransactionRow, UserRow } from '../../../db/schema.ts';
import type { AppContext } from '../../../http/context.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import { insertManualEntry } from '../../imports/imports.service.ts';
import { listRowOf } from './pair-row.ts';
import {
  amountOf,
  assetOf,
  fits,
  halfOf,
  MAX_CANDIDATES,
  rank,
  toCandidate,
  WINDOW_DAYS,
} from './pair-rules.ts';
import { linkPair, notePairChange } from './pair-store.ts';

const DAY_MS = 86_400_000;
const CANNOT_PAIR = 'This transaction cannot be paired: it must be one incoming or one outgoing asset.';

/** Self Transfer, Switch Trade and Rebrand pairs of the signed-in user's rows (spec 02 §4, §7). */
export class PairsService {
  private readonly db: Kysely<Database>;

  constructor(private readonly ctx: AppContext) {
    this.db = ctx.db.kysely;
  }

  private async row(userId: number, id: number): Promise<TransactionRow> {
    const row = await this.db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Transaction');
    return row;
  }

  private async accountNames(userId: number): Promise<Map<number, string>> {
    const rows = await this.db
      .selectFrom('import_histories')
      .select(['id', 'type', 'account_name', 'custom_name'])
      .where('user_id', '=', userId)
      .execute();
    return new Map(
      rows.map((h) => [h.id, h.type === 'manual' ? 'Other Wallets' : (h.custom_name ?? h.account_name)]),
    );
  }

  async candidates(
    userId: number,
    id: number,
    kind: PairKind,
  ): Promise<{ transaction: PairCandidate; transactions: PairCandidate[] }> {
    const row = await this.row(userId, id);
    const half = halfOf(row);
    if (half === null) throw new AppError('validation_failed', CANNOT_PAIR);
    const t = new Date(row.timestamp).getTime();
    const days = kind === 'self_transfer' ? this.ctx.config.selfTransferWindowDays : WINDOW_DAYS[kind];
    const span = days * DAY_MS;
    // A self transfer's other half lies on one side only: the receive after the send.
    const before = kind === 'self_transfer' && half === 'sell' ? 0 : span;
    const after = kind === 'self_transfer' && half === 'buy' ? 0 : span;
    const near = await this.db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('timestamp', '>=', new Date(t - before).toISOString().replace(/\.\d{3}Z$/, 'Z'))
      .where('timestamp', '<=', new Date(t + after).toISOString().replace(/\.\d{3}Z$/, 'Z'))
      // Not `pair_id is null`: SQLite's statistics average the (user_id, pair_id) index over
      // the distinct pair ids, so it would take the null run for a few rows and walk them all.
      .where(sql<SqlBool>`coalesce(pair_id, '') = ''`)
      .where('ignored', '=', false)
      .where('gt_id', 'is', null)
      .where(half === 'buy' ? 'sent_asset' : 'received_asset', 'is not', null)
      .where(half === 'buy' ? 'received_asset' : 'sent_asset', 'is', null)
      .$if(kind === 'self_transfer', (q) =>
        q.where(half === 'buy' ? 'sent_asset' : 'received_asset', '=', assetOf(row)),
      )
      .limit(2000)
      .execute();
    const names = await this.accountNames(userId);
    const name = (r: TransactionRow) => names.get(r.import_history_id) ?? 'Unknown';
    const ranked = rank(
      kind,
      row,
      near.filter((o) => fits(kind, row, o)),
    ).slice(0, MAX_CANDIDATES);
    return {
      transaction: toCandidate(row, name(row)),
      transactions: ranked.map((o) => toCandidate(o, name(o))),
    };
  }

  /** A self transfer joins two accounts: the manual half cannot sit in the row's own account. */
  private async inOtherAccountThanManual(userId: number, row: TransactionRow): Promise<boolean> {
    const h = await this.db
      .selectFrom('import_histories')
      .select('type')
      .where('user_id', '=', userId)
      .where('id', '=', row.import_history_id)
      .executeTakeFirst();
    return h?.type !== 'manual';
  }

  /** The missing incoming (or outgoing) half of a self transfer, typed in as a Manual row. */
  private async createManualHalf(userId: number, row: TransactionRow): Promise<TransactionRow> {
    const incoming = halfOf(row) === 'sell';
    const asset = assetOf(row);
    const amount = amountOf(row);
    const id = await insertManualEntry(this.ctx, userId, {
      date: row.timestamp,
      type: incoming ? 'deposit' : 'withdrawal',
      ...(incoming
        ? { to_currency: asset, to_amount: amount }
        : { from_currency: asset, from_amount: amount }),
      comment: `Created to complete the self transfer of transaction ${row.id}`,
    });
    return this.row(userId, id);
  }

  async mark(user: UserRow, kind: PairKind, body: MarkPairBody) {
    const buyId = body.buy_id ?? null;
    const sellId = body.sell_id ?? null;
    const manual = body.create_manual === true || body.create_manual === 'true' || body.create_manual === 1;
    let buy: TransactionRow;
    let sell: TransactionRow;
    if (buyId !== null && sellId !== null) {
      [buy, sell] = [await this.row(user.id, Number(buyId)), await this.row(user.id, Number(sellId))];
    } else if (manual && kind === 'self_transfer' && (buyId ?? sellId) !== null) {
      const given = await this.row(user.id, Number(buyId ?? sellId));
      if (halfOf(given) !== (buyId !== null ? 'buy' : 'sell'))
        throw new AppError('validation_failed', CANNOT_PAIR);
      if (!(await this.inOtherAccountThanManual(user.id, given))) {
        throw new AppError('validation_failed', 'This transaction is already in Other Wallets (Manual).');
      }
      const made = await this.createManualHalf(user.id, given);
      [buy, sell] = buyId !== null ? [given, made] : [made, given];
    } else {
      throw new AppError('validation_failed', NO_PAIR_MESSAGE);
    }
    if (halfOf(buy) !== 'buy' || halfOf(sell) !== 'sell')
      throw new AppError('validation_failed', CANNOT_PAIR);
    if (!fits(kind, sell, buy)) {
      throw new AppError(
        'validation_failed',
        kind === 'self_transfer'
          ? 'A self transfer moves the same asset between two different accounts.'
          : 'The two transactions must be of different assets.',
      );
    }
    await this.db.transaction().execute(async (trx) => {
      const pairId = await linkPair(trx, user.id, sell, buy, kind);
      await notePairChange(trx, user.id, [
        {
          row: sell,
          action: 'pair',
          type: kind,
          payload: { pair_id: pairId, pair_kind: kind, partner: buy.dedupe_key, role: 'sell' },
        },
        {
          row: buy,
          action: 'pair',
          type: kind,
          payload: { pair_id: pairId, pair_kind: kind, partner: sell.dedupe_key, role: 'buy' },
        },
      ]);
    });
    const shown = await this.row(user.id, sell.id);
    return { updated_row: await listRowOf(this.db, user, shown), partner_id: Number(buy.id) };
  }
}

export { releaseOrphanPairs } from './pair-store.ts';
