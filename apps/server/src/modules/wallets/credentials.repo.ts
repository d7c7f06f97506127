import type { Kysely } from 'kysely';
import type { ApiCredentialsTable, Database } from '../../db/schema.ts';
import { nowIso } from '../../db/timestamps.ts';

export type ApiCredentialsRow = {
  [K in keyof ApiCredentialsTable]: K extends 'id' ? number : ApiCredentialsTable[K];
};

/** Sealed API keys of connected accounts; every query is scoped to a user. */
export class CredentialsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async save(input: {
    userId: number;
    historyId: number;
    exchange: string;
    keySealed: string;
    secretSealed: string;
    passphraseSealed?: string | null;
  }): Promise<void> {
    const now = nowIso();
    await this.db
      .insertInto('api_credentials')
      .values({
        user_id: input.userId,
        import_history_id: input.historyId,
        exchange: input.exchange,
        key_sealed: input.keySealed,
        secret_sealed: input.secretSealed,
        passphrase_sealed: input.passphraseSealed ?? null,
        synced_until: null,
        sync_state: null,
        warning: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  find(userId: number, historyId: number): Promise<ApiCredentialsRow | undefined> {
    return this.db
      .selectFrom('api_credentials')
      .selectAll()
      .where('user_id', '=', userId)
      .where('import_history_id', '=', historyId)
      .executeTakeFirst();
  }

  /** The user's connected accounts on one exchange (their sealed keys, to find one already connected). */
  ofExchange(userId: number, exchange: string): Promise<ApiCredentialsRow[]> {
    return this.db
      .selectFrom('api_credentials')
      .innerJoin('import_histories', 'import_histories.id', 'api_credentials.import_history_id')
      .selectAll('api_credentials')
      .where('api_credentials.user_id', '=', userId)
      .where('import_histories.user_id', '=', userId)
      .where('api_credentials.exchange', '=', exchange)
      .orderBy('api_credentials.id')
      .execute();
  }

  /** A key connected again: its secret (and passphrase) as given this time. */
  async replaceSecrets(id: number, secretSealed: string, passphraseSealed: string | null): Promise<void> {
    await this.db
      .updateTable('api_credentials')
      .set({ secret_sealed: secretSealed, passphrase_sealed: passphraseSealed, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /** Where the next resync starts (`synced_until` for Kraken, `sync_state` for the others). */
  async setCursor(id: number, exchange: string, value: string): Promise<void> {
    if (exchange === 'kraken') return this.setSyncedUntil(id, value);
    await this.db
      .updateTable('api_credentials')
      .set({ sync_state: value, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /** What the exchange said about the key's permissions at the last sync (null: nothing to warn of). */
  async setWarning(id: number, warning: string | null): Promise<void> {
    await this.db
      .updateTable('api_credentials')
      .set({ warning, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  async setSyncedUntil(id: number, value: string): Promise<void> {
    await this.db
      .updateTable('api_credentials')
      .set({ synced_until: value, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }
}
