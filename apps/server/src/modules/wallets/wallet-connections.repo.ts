import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../db/timestamps.ts';

/** Wallet addresses connected to their chain's explorer; every query is scoped to a user. */
export class WalletConnectionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async save(input: { userId: number; historyId: number; chain: string; address: string }): Promise<void> {
    const now = nowIso();
    await this.db
      .insertInto('wallet_connections')
      .values({
        user_id: input.userId,
        import_history_id: input.historyId,
        chain: input.chain,
        address: input.address,
        synced_block: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  find(userId: number, historyId: number) {
    return this.db
      .selectFrom('wallet_connections')
      .selectAll()
      .where('user_id', '=', userId)
      .where('import_history_id', '=', historyId)
      .executeTakeFirst();
  }

  /** The user's account already reading this address (or xpub) on this chain, if any. */
  findByAddress(userId: number, chain: string, address: string) {
    return this.db
      .selectFrom('wallet_connections')
      .innerJoin('import_histories', 'import_histories.id', 'wallet_connections.import_history_id')
      .select(['wallet_connections.id', 'wallet_connections.import_history_id'])
      .where('wallet_connections.user_id', '=', userId)
      .where('import_histories.user_id', '=', userId)
      .where('wallet_connections.chain', '=', chain)
      .where('wallet_connections.address', '=', address)
      .orderBy('wallet_connections.id')
      .executeTakeFirst();
  }

  async setSyncedBlock(id: number, block: number): Promise<void> {
    await this.db
      .updateTable('wallet_connections')
      .set({ synced_block: block, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }
}
