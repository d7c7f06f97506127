import { WIZARDS, type Wizard } from '@lotwise/contracts/review/wizards';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../db/timestamps.ts';

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

  /** Read only (a GET reads it): a user without a stored trace is at the first wizard, id 0. */
  async get(userId: number): Promise<Trace> {
    const row = await this.db
      .selectFrom('review_traces')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return { id: 0, traceName: 'UploadCsvWizard', completed: [] };
    const completed = (JSON.parse(row.completed) as unknown[]).filter(isWizard);
    return {
      id: row.id,
      traceName: isWizard(row.trace_name) ? row.trace_name : 'UploadCsvWizard',
      completed,
    };
  }

  /** Stores the trace, making the user's row on its first change. */
  async save(userId: number, trace: Pick<Trace, 'traceName' | 'completed'>): Promise<void> {
    const now = nowIso();
    const completed = JSON.stringify(trace.completed);
    await this.db
      .insertInto('review_traces')
      .values({ user_id: userId, trace_name: trace.traceName, completed, created_at: now, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ trace_name: trace.traceName, completed, updated_at: now }),
      )
      .execute();
  }
}
