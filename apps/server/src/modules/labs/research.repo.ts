import type { CreateResearchBody } from '@lotwise/contracts/labs/labs';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface StoredResearch {
  id: number;
  kind: 'asset' | 'portfolio';
  name: string;
  positions: Array<{ asset: string; quantity: string }>;
  created_at: string;
}

/** A user's Labs research items; every query is scoped to the user. */
export class ResearchRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly postgres: boolean,
  ) {}

  async list(userId: number): Promise<StoredResearch[]> {
    const rows = await this.db
      .selectFrom('research_items')
      .select(['id', 'kind', 'name', 'positions', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, positions: JSON.parse(r.positions) }));
  }

  /**
   * Adds an item unless the user already has `max`: the count and the insert run in one
   * transaction so two quick clicks cannot make a seventh. Returns null at the limit.
   */
  async add(userId: number, body: CreateResearchBody, max: number): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      // Locks the user's row on PostgreSQL (SQLite serialises writers already).
      if (this.postgres)
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      const count = await trx
        .selectFrom('research_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= max) return null;
      const positions =
        body.kind === 'asset'
          ? [{ asset: body.asset.toUpperCase(), quantity: '1' }]
          : body.positions.map((p) => ({ asset: p.asset.toUpperCase(), quantity: p.quantity }));
      const row = await trx
        .insertInto('research_items')
        .values({
          user_id: userId,
          kind: body.kind,
          name: body.kind === 'asset' ? body.asset.toUpperCase() : body.name,
          positions: JSON.stringify(positions),
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }

  /** Deletes the user's item; false when there is no such item of theirs. */
  async remove(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('research_items')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
