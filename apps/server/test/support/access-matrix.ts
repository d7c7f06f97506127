import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

/**
 * Helpers of the authorization matrix (issue 32): the README's table of what an accountant may
 * do in a client's account, the spellings each path is also sent in, and a snapshot of
 * everything one user owns, to check a refused write changed nothing.
 */
export interface ReadmeRow {
  what: string;
  allowed: boolean;
  /** `METHOD /api/path` with OpenAPI's `{param}` names, as the README writes them. */
  routes: string[];
}

const SECTION = "### What an accountant may do in a client's account";

/** The rows of the README's table, read from the repository's README.md. */
export function readmeAccountantTable(): ReadmeRow[] {
  const text = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  const start = text.indexOf(SECTION);
  if (start < 0) throw new Error(`README.md has no "${SECTION}" section`);
  const lines = text.slice(start).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: ReadmeRow[] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length !== 3) throw new Error(`README table row with ${cells.length} cells: ${line}`);
    const [what, calls, verdict] = cells as [string, string, string];
    if (!/^(\*\*yes\*\*|no)$/.test(verdict)) throw new Error(`README verdict must be **yes** or no: ${line}`);
    rows.push({
      what,
      allowed: verdict === '**yes**',
      routes: [...calls.matchAll(/`([A-Z]+ \/[^`]+)`/g)].map((m) => m[1]!),
    });
  }
  return rows;
}

/** Fastify's `:param` to OpenAPI's `{param}`. */
export const openApiPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');

/**
 * The path as sent, then with its first letter after /api/ percent-encoded (Fastify decodes
 * it and routes to the same route) and with that letter in upper case (no route: paths are
 * case-sensitive).
 */
export function spellings(path: string): { plain: string; encoded: string; mixed: string } {
  const at = path.slice(5).search(/[a-z]/) + 5;
  const letter = path[at]!;
  const code = `%${letter.charCodeAt(0).toString(16)}`;
  return {
    plain: path,
    encoded: path.slice(0, at) + code + path.slice(at + 1),
    mixed: path.slice(0, at) + letter.toUpperCase() + path.slice(at + 1),
  };
}

const OWNED_BY_USER_ID = [
  'recovery_codes',
  'import_histories',
  'import_files',
  'transactions',
  'tax_calculations',
  'annotation_histories',
  'review_traces',
  'research_items',
  'plan_grants',
  'billing_purchases',
  'wallet_finder_dismissals',
  'api_credentials',
  'wallet_connections',
  'oauth_authorizations',
  'oauth_connections',
  'aggregator_handoffs',
  'prices',
  'broker_forms',
  'broker_form_lines',
] as const;

/** Everything the user owns, as one string: their user row, their rows, their accountant links. */
export async function snapshotOf(db: Kysely<Database>, userId: number): Promise<string> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const parts: unknown[] = [user];
  const owned = db as unknown as Kysely<Record<string, { id: number; user_id: number }>>;
  for (const table of OWNED_BY_USER_ID) {
    parts.push(
      await owned.selectFrom(table).selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    );
  }
  parts.push(
    await db
      .selectFrom('accountant_links')
      .selectAll()
      .where((eb) => eb.or([eb('customer_user_id', '=', userId), eb('customer_email', '=', user.email)]))
      .orderBy('id')
      .execute(),
    await db
      .selectFrom('plan_invitations')
      .selectAll()
      .where('customer_user_id', '=', userId)
      .orderBy('id')
      .execute(),
  );
  return JSON.stringify(parts);
}

/**
 * Real bodies for the writes a client's account must refuse inside it (README table), so
 * that a write let through would change what the owner reads back; other calls send `{}`.
 */
export const WRITE_BODIES: Record<string, object> = {
  'PUT /api/users/profile': {
    first_name: 'Mallory',
    last_name: 'M',
    username: 'mallory',
    country_code: 'FR',
  },
  'POST /api/save_location': { country_code: 'FR' },
  'POST /api/currency': { currency: 'EUR', timezone: 'Europe/Paris' },
  'POST /api/onboarding/notifications': { email_notifications: true, switch_notifications: true },
  'POST /api/onboarding_flag': { onboarded: false },
  'POST /api/onboarding/step': { step: 5 },
  'POST /api/onboarding/settings/update_role': { role: 'cpa' },
  'POST /api/setting': { bulk_edit_preference: 'all_pages' },
  'PUT /api/setting': { bulk_edit_preference: 'all_pages' },
  'POST /api/customer_cpa': { email: 'mallory@cpa.example' },
  'POST /api/invitations/{id}/answer': { accept: true },
  'POST /api/labs/research_portfolios': { kind: 'asset', asset: 'BTC' },
};
