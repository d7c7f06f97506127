import { WIZARDS, type Wizard } from '@lotwise/contracts/review/wizards';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../users/users.repo.ts';

export interface Trace {
  id: number;
  traceName: Wizard;
  completed: Wizard[];
}

const isWizard = (v: unknown): v is Wizard =>
  typeof v === 'string' && (WIZARDS as readonly string[]).includes(v);

/** The user's review trace: the wizard they are at and the ones they finished. */
export class TracesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async get(userId: number): Promise<Trace> {
    let row = await this.db
      .selectFrom('review_traces')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) {
      const now = nowIso();
      await this.db
        .insertInto('review_traces')
        .values({
          user_id: userId,
          trace_name: 'UploadCsvWizard',
          completed: '[]',
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      row = await this.db
        .selectFrom('review_traces')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
    }
    const completed = (JSON.parse(row.completed) as unknown[]).filter(isWizard);
    return {
      id: row.id,
      traceName: isWizard(row.trace_name) ? row.trace_name : 'UploadCsvWizard',
      completed,
    };
  }

  async save(userId: number, trace: Pick<Trace, 'traceName' | 'completed'>): Promise<void> {
    await this.db
      .updateTable('review_traces')
      .set({ trace_name: trace.traceName, completed: JSON.stringify(trace.completed), updated_at: nowIso() })
      .where('user_id', '=', userId)
      .execute();
  }
}
