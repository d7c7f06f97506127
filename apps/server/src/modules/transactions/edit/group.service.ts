import type { SwitchTradeType } from '@lotwise/contracts/transactions/edit/group';
import type { Kysely } from 'kysely';
import type { Database, TransactionRow } from '../../../db/schema.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import { applyChange } from '../annotations/annotations.repo.ts';
import { rowType } from '../classify.ts';
import { applyGroupChanges } from './group-history.ts';
import { ownRows } from './own-rows.ts';

const byTime = (a: TransactionRow, b: TransactionRow) =>
  a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : Number(a.id) - Number(b.id);

/** Combine, ungroup, staking marks and switch-trade types of groups (spec 02 §4). */
export class GroupService {
  constructor(private readonly db: Kysely<Database>) {}

  private rows(userId: number, ids: number[]): Promise<TransactionRow[]> {
    return ownRows(this.db, userId, ids);
  }

  private members(userId: number, groupIds: number[]): Promise<TransactionRow[]> {
    if (groupIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('gt_id', 'in', groupIds)
      .execute();
  }

  /** The group a row belongs to (its lead's id) with every member, or "not found". */
  private async groupOf(userId: number, id: number): Promise<{ leadId: number; members: TransactionRow[] }> {
    const [row] = await this.rows(userId, [id]);
    // A pair's hidden half also has a gt_id (its shown half); it is not a group.
    if (!row || row.gt_id === null || row.pair_id !== null) throw notFound('Group');
    const leadId = Number(row.gt_id);
    return { leadId, members: await this.members(userId, [leadId]) };
  }

  /** Combines the rows (and the whole of any group among them) under the earliest row. */
  async group(userId: number, ids: number[]): Promise<{ group_id: number; count: number }> {
    const picked = await this.rows(userId, ids);
    if (picked.some((r) => rowType(r.kind, r.user_defined_type) === 'transfer')) {
      throw new AppError(
        'validation_failed',
        'Self transfers, switch trades and rebrands cannot be combined.',
      );
    }
    const groups = [...new Set(picked.flatMap((r) => (r.gt_id === null ? [] : [Number(r.gt_id)])))];
    const byId = new Map(picked.map((r) => [Number(r.id), r]));
    for (const m of await this.members(userId, groups)) byId.set(Number(m.id), m);
    const all = [...byId.values()].sort(byTime);
    const lead = all[0];
    if (!lead || all.length < 2) throw new AppError('validation_failed', 'Select at least two transactions.');
    const keyOfId = new Map(all.map((r) => [Number(r.id), r.dedupe_key]));
    await applyGroupChanges(
      this.db,
      userId,
      all.map((row) => ({ row, lead, gtType: null })),
      keyOfId,
    );
    return { group_id: Number(lead.id), count: all.length };
  }

  async ungroup(userId: number, id: number): Promise<{ count: number }> {
    const { members } = await this.groupOf(userId, id);
    const keyOfId = new Map(members.map((r) => [Number(r.id), r.dedupe_key]));
    await applyGroupChanges(
      this.db,
      userId,
      members.map((row) => ({ row, lead: null, gtType: null })),
      keyOfId,
    );
    return { count: members.length };
  }

  /**
   * Staking on groups: an outgoing group's withdrawals become Staking Lockup (or Outgoing
   * again); one incoming item becomes Staking Reward or Staking Return.
   */
  async staking(userId: number, id: number, type: string): Promise<{ group_id: number; count: number }> {
    const { leadId, members } = await this.groupOf(userId, id);
    const live = members.filter((m) => !m.ignored);
    if (type === 'staking_lockup' || type === 'external_transfer') {
      const out = live.filter((m) => rowType(m.kind, m.user_defined_type) === 'sell');
      if (out.length === 0 || out.length !== live.length) {
        throw new AppError('validation_failed', 'Only an outgoing group can be marked as staking lockup.');
      }
      await applyChange(this.db, userId, out, 'type', { user_defined_type: type, ignored: false });
      return { group_id: leadId, count: out.length };
    }
    const item = live.find((m) => Number(m.id) === id);
    if (!item || rowType(item.kind, item.user_defined_type) !== 'buy') {
      throw new AppError(
        'validation_failed',
        'Only an incoming item can be marked as staking reward or return.',
      );
    }
    await applyChange(this.db, userId, [item], 'type', { user_defined_type: type, ignored: false });
    return { group_id: leadId, count: 1 };
  }

  /** A switch-trade group's type (kept on its lead row, recorded in the history). */
  async reclassify(userId: number, groupId: number, type: SwitchTradeType): Promise<void> {
    const { leadId, members } = await this.groupOf(userId, groupId);
    const lead = members.find((m) => Number(m.id) === leadId);
    if (!lead || leadId !== groupId) throw notFound('Group');
    const keyOfId = new Map(members.map((r) => [Number(r.id), r.dedupe_key]));
    await applyGroupChanges(this.db, userId, [{ row: lead, lead, gtType: type }], keyOfId);
  }
}
