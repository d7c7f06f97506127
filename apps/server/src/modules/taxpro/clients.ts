import type { ClientRow } from '@lotwise/contracts/taxpro/taxpro';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { displayName } from './invitations.service.ts';

export interface ClientsPage {
  rows: ClientRow[];
  total: number;
}

/**
 * The tax-pro dashboard: the accountant's clients (accepted links, and invitations they sent
 * that wait), searched by name or e-mail and paged in SQL; the figures are read for that page
 * only, a grouped query each (so 500 clients cost what 20 do).
 */
export async function clientsOf(
  db: Kysely<Database>,
  cpaId: number,
  options: { q?: string | undefined; page: number; perPage: number; clientId?: number },
): Promise<ClientsPage> {
  let base = db
    .selectFrom('accountant_links as l')
    .leftJoin('users as u', 'u.id', 'l.customer_user_id')
    .where('l.cpa_user_id', '=', cpaId)
    .where((eb) =>
      eb.or([
        eb('l.status', '=', 'accepted'),
        eb.and([eb('l.status', '=', 'pending'), eb('l.invited_by', '=', 'cpa')]),
      ]),
    );
  if (options.clientId !== undefined) base = base.where('l.customer_user_id', '=', options.clientId);
  const q = options.q?.trim().toLowerCase();
  if (q) {
    const like = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('l.customer_email', 'like', like),
        eb(eb.fn('lower', ['u.first_name']), 'like', like),
        eb(eb.fn('lower', ['u.last_name']), 'like', like),
      ]),
    );
  }
  const [{ n }] = (await base.select((eb) => eb.fn.countAll<number>().as('n')).execute()) as [{ n: number }];
  const links = await base
    .select([
      'l.id as link_id',
      'l.status',
      'l.customer_email',
      'l.customer_user_id',
      'u.first_name',
      'u.last_name',
    ])
    .orderBy('l.status')
    .orderBy('l.customer_email')
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();

  // Figures only for accepted clients: an invitation pending gives no access to anything.
  const ids = links
    .filter((l) => l.status === 'accepted' && l.customer_user_id)
    .map((l) => l.customer_user_id as number);
  const figures = await figuresFor(db, ids, cpaId);
  const rows: ClientRow[] = links.map((l) => {
    const f = l.status === 'accepted' && l.customer_user_id ? figures.get(l.customer_user_id) : undefined;
    return {
      id: l.customer_user_id ?? 0,
      link_id: l.link_id,
      name: displayName({ first_name: l.first_name ?? null, last_name: l.last_name ?? null }),
      email: l.customer_email,
      status: l.status,
      tax_years: f?.years ?? [],
      calculation: f?.calculation ?? 'none',
      calculated_at: f?.calculatedAt ?? null,
      transactions: f?.transactions ?? 0,
      missing_prices: f?.missing ?? 0,
      // Set by the route (withOutOfDate): it needs the client's inputs, not only these figures.
      out_of_date: false,
      insufficient_balance: f?.insufficient ?? 0,
      plan: f?.plan ?? null,
      last_activity: f?.lastActivity ?? null,
    };
  });
  return { rows, total: Number(n) };
}

interface Figures {
  years: number[];
  calculation: ClientRow['calculation'];
  calculatedAt: string | null;
  transactions: number;
  missing: number;
  insufficient: number;
  plan: string | null;
  lastActivity: string | null;
}

async function figuresFor(db: Kysely<Database>, ids: number[], cpaId: number): Promise<Map<number, Figures>> {
  const out = new Map<number, Figures>();
  if (ids.length === 0) return out;
  for (const id of ids)
    out.set(id, {
      years: [],
      calculation: 'none',
      calculatedAt: null,
      transactions: 0,
      missing: 0,
      insufficient: 0,
      plan: null,
      lastActivity: null,
    });
  const calcs = await db
    .selectFrom('tax_calculations')
    .select(['id', 'user_id', 'status', 'finished_at'])
    .where('user_id', 'in', ids)
    .where('status', '!=', 'superseded')
    .orderBy('id', 'desc')
    .execute();
  const latestComplete = new Map<number, number>();
  for (const c of calcs) {
    const f = out.get(c.user_id)!;
    if (f.calculation === 'none') f.calculation = c.status === 'superseded' ? 'none' : c.status;
    if (c.status === 'complete' && !latestComplete.has(c.user_id)) {
      latestComplete.set(c.user_id, c.id);
      f.calculatedAt = c.finished_at;
    }
  }
  const calcIds = [...latestComplete.values()];
  const owner = new Map([...latestComplete].map(([user, calc]) => [calc, user]));
  const [years, status, counts, grants, invites, seen] = await Promise.all([
    calcIds.length
      ? db
          .selectFrom('tax_year_summaries')
          .select(['calc_id', 'year'])
          .where('calc_id', 'in', calcIds)
          .execute()
      : [],
    calcIds.length
      ? db
          .selectFrom('tax_transaction_status')
          .select((eb) => [
            'calc_id',
            eb.fn.sum<number>(eb.case().when('missing_price', '=', true).then(1).else(0).end()).as('missing'),
            eb.fn
              .sum<number>(eb.case().when('sell_without_buy', '=', true).then(1).else(0).end())
              .as('short'),
          ])
          .where('calc_id', 'in', calcIds)
          .groupBy('calc_id')
          .execute()
      : [],
    db
      .selectFrom('transactions')
      .select((eb) => ['user_id', eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('last')])
      .where('user_id', 'in', ids)
      .groupBy('user_id')
      .execute(),
    db
      .selectFrom('plan_grants')
      .select(['user_id', 'tax_year', 'plan_id'])
      .where('user_id', 'in', ids)
      .orderBy('tax_year', 'desc')
      .execute(),
    db
      .selectFrom('plan_invitations')
      .select(['customer_user_id', 'tax_year', 'plan_id'])
      .where('customer_user_id', 'in', ids)
      .where('cpa_user_id', '=', cpaId)
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('sessions')
      .select((eb) => ['user_id', eb.fn.max('last_seen_at').as('last')])
      .where('user_id', 'in', ids)
      .where('impersonator_user_id', 'is', null)
      .groupBy('user_id')
      .execute(),
  ]);
  for (const y of years) out.get(owner.get(y.calc_id)!)?.years.push(y.year);
  for (const f of out.values()) f.years.sort((a, b) => b - a);
  for (const s of status) {
    const f = out.get(owner.get(s.calc_id)!);
    if (f) {
      f.missing = Number(s.missing ?? 0);
      f.insufficient = Number(s.short ?? 0);
    }
  }
  for (const c of counts) {
    const f = out.get(c.user_id)!;
    f.transactions = Number(c.n);
    f.lastActivity = c.last ? String(c.last) : null;
  }
  for (const s of seen) {
    const f = out.get(s.user_id)!;
    const last = s.last ? String(s.last) : null;
    if (last && (!f.lastActivity || last > f.lastActivity)) f.lastActivity = last;
  }
  for (const g of grants) {
    const f = out.get(g.user_id)!;
    f.plan ??= `${g.plan_id} (${g.tax_year})`;
  }
  for (const i of invites) {
    const f = out.get(i.customer_user_id)!;
    f.plan ??= `Invited to pay: ${i.plan_id} (${i.tax_year})`;
  }
  return out;
}
