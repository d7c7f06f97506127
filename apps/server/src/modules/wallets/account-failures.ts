import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Connected-account jobs: an exchange by API key or by OAuth, a wallet by address or xpub. */
const ACCOUNT_JOBS = ['import.api', 'import.oauth', 'import.wallet'];
/** The newest jobs read: far more than a user's connected accounts are synced in a row. */
const RECENT_JOBS = 500;

/**
 * Why each connected account's latest import or resync failed, by import history id: the text
 * the job recorded (the source's own words, e.g. "Kraken service is not currently responding…"),
 * shown on the account instead of only on the admin Jobs tab (issue 35.8). An account whose
 * latest job did not fail has no entry. Scoped to the user.
 */
export async function accountFailures(db: Kysely<Database>, userId: number): Promise<Map<number, string>> {
  const jobs = await db
    .selectFrom('jobs')
    .select(['status', 'payload', 'error'])
    .where('user_id', '=', userId)
    .where('name', 'in', ACCOUNT_JOBS)
    .orderBy('id', 'desc')
    .limit(RECENT_JOBS)
    .execute();
  const latest = new Map<number, string | null>();
  for (const job of jobs) {
    const historyId = historyOf(job.payload);
    if (historyId === null || latest.has(historyId)) continue;
    latest.set(historyId, job.status === 'failed' ? failureText(job.error) : null);
  }
  const out = new Map<number, string>();
  for (const [id, text] of latest) if (text !== null) out.set(id, text);
  return out;
}

function historyOf(payload: string): number | null {
  try {
    const id = (JSON.parse(payload) as { historyId?: unknown }).historyId;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

/** The job's error as a sentence for people (never empty). */
function failureText(error: string | null): string {
  const text = error?.trim() ?? '';
  if (text === '') return 'The import stopped without saying why. Retry, or add the account’s export file.';
  return text.length > 500 ? `${text.slice(0, 497)}…` : text;
}
