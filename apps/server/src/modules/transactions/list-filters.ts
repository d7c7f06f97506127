import { STATUS_GROUPS, type StatusValue } from '@lotwise/contracts/transactions/constants';
import type { ListTransactionsBody } from '@lotwise/contracts/transactions/list-transactions';
import { ALL_INCOME_SPELLINGS, incomeSpellings, incomeType } from '@lotwise/engine/income-types';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import {
  INCOME_TYPES,
  INCOMING_KINDS,
  OUTGOING_KINDS,
  PLAIN_SUB_TYPE_KINDS,
  TAXABLE_KINDS,
} from './classify.ts';
import { missingPrice, type StatusSource, sellWithoutBuy } from './status-source.ts';

type Eb = ExpressionBuilder<Database, 'transactions'>;

/** Sub types and labels (lower-cased) that make an incoming row income. */
const INCOME_SPELLINGS = [...new Set([...INCOME_TYPES, ...ALL_INCOME_SPELLINGS])];
type Condition = Expression<SqlBool>;

/** What the request's filters resolve to before the query runs (account ids found by name or method). */
export interface FilterContext {
  userId: number;
  dialect: DialectName;
  status: StatusSource;
  /** Accounts whose name matches the search text. */
  searchHistoryIds: number[];
  /** Accounts of the chosen import methods; null when no method filter applies. */
  methodHistoryIds: number[] | null;
}

const NEVER = sql<SqlBool>`1 = 0`;
const TYPE_PARAM: Record<string, string> = { Deposit: 'buy', Withdrawal: 'sell', Trade: 'trade' };

export function categoryOf(body: ListTransactionsBody, typeParam?: string): string {
  if (typeParam && TYPE_PARAM[typeParam] && (body.txns_type === 'all' || !body.txns_type)) {
    return TYPE_PARAM[typeParam] ?? 'all';
  }
  return body.txns_type || 'all';
}

/** Every condition of the list's filters; ANDed by the caller. Always scoped to the user. */
export function filterConditions(
  eb: Eb,
  body: ListTransactionsBody,
  category: string,
  ctx: FilterContext,
): Condition[] {
  const t = (c: string) => sql.ref(`transactions.${c}`);
  const out: Condition[] = [
    eb('transactions.user_id', '=', ctx.userId),
    // A group shows once, as its lead row (gt_id = id) carrying the others.
    eb.or([eb('transactions.gt_id', 'is', null), eb('transactions.gt_id', '=', eb.ref('transactions.id'))]),
  ];
  if (body.id) {
    // One transaction (a warning's link), shown as the list shows it: a group member by its lead.
    out.push(
      eb.or([
        eb('transactions.id', '=', body.id),
        eb(
          'transactions.id',
          '=',
          eb
            .selectFrom('transactions as m')
            .select('m.gt_id')
            .where('m.id', '=', body.id)
            .where('m.user_id', '=', ctx.userId),
        ),
      ]),
    );
  }
  const cat = categoryCondition(eb, category, ctx);
  if (cat) out.push(cat);
  const subType = body.type ?? body.sub_type;
  if (subType && subType !== 'all') out.push(subTypeCondition(eb, subType));
  if (body.margin_type && body.margin_type !== 'all') {
    out.push(
      eb.or([
        eb('transactions.user_defined_type', '=', body.margin_type),
        eb('transactions.subtype', '=', body.margin_type),
      ]),
    );
  }
  const statuses = statusCondition(eb, body.statuses?.map((s) => s.value) ?? [], ctx);
  if (statuses) out.push(statuses);
  const visibility = visibilityCondition(eb, body.visibility ?? null, category);
  if (visibility) out.push(visibility);
  if (body.start_date) out.push(eb('transactions.timestamp', '>=', startBound(body.start_date)));
  if (body.end_date) out.push(eb('transactions.timestamp', '<', endBound(body.end_date)));
  const sources = sourceCondition(eb, body);
  if (sources) out.push(sources);
  if (ctx.methodHistoryIds !== null) {
    out.push(
      ctx.methodHistoryIds.length === 0
        ? NEVER
        : eb('transactions.import_history_id', 'in', ctx.methodHistoryIds),
    );
  }
  if (body.search_params) out.push(searchCondition(eb, body.search_params, ctx, t));
  return out;
}

function categoryCondition(eb: Eb, category: string, ctx: FilterContext): Condition | null {
  switch (category) {
    case 'buy':
      return eb('transactions.kind', 'in', [...INCOMING_KINDS]);
    case 'sell':
      return eb('transactions.kind', 'in', [...OUTGOING_KINDS]);
    case 'trade':
      return eb('transactions.kind', '=', 'trade');
    case 'self_transfer':
    case 'swap':
    case 'ico':
      return eb('transactions.user_defined_type', '=', category);
    case 'margin_trading':
      return eb.or([
        eb('transactions.subtype', 'like', 'margin%'),
        eb('transactions.user_defined_type', 'like', 'margin%'),
      ]);
    case 'nft_mint':
      return eb('transactions.user_defined_type', 'like', 'nft_mint%');
    case 'ignore':
      return eb('transactions.ignored', '=', true);
    case 'need_review':
      // Every row with a finding (issue 22): a missing price or an insufficient balance, as the
      // "{n} items need review" banner counts them; an ignored row needs no price. The Missing
      // Price box itself filters by status (missing price only).
      return eb.and([
        eb.or([missingPrice(eb, ctx.status), sellWithoutBuy(eb, ctx.status)]),
        eb('transactions.ignored', '=', false),
      ]);
    case 'sell_without_buy':
      return sellWithoutBuy(eb, ctx.status);
    default:
      return null;
  }
}

function subTypeCondition(eb: Eb, value: string): Condition {
  const plain = PLAIN_SUB_TYPE_KINDS[value];
  const unset = eb.and([
    eb('transactions.user_defined_type', 'is', null),
    eb('transactions.subtype', 'is', null),
    eb('transactions.label', 'is', null),
  ]);
  if (plain) return eb.and([unset, eb('transactions.kind', 'in', [...plain])]);
  const given: Condition[] = [eb('transactions.subtype', '=', value), eb('transactions.label', '=', value)];
  // An income type also finds the spellings shown as it ('Interest', 'staking', 'Staking rewards').
  if (incomeType(value) === value) {
    const spellings = incomeSpellings(value);
    given.push(
      eb.and([
        eb('transactions.kind', 'in', [...INCOMING_KINDS]),
        eb.or([
          eb(eb.fn('lower', ['transactions.subtype']), 'in', spellings),
          eb(eb.fn('lower', ['transactions.label']), 'in', spellings),
        ]),
      ]),
    );
  }
  return eb.or([
    eb('transactions.user_defined_type', '=', value),
    eb.and([eb('transactions.user_defined_type', 'is', null), eb.or(given)]),
  ]);
}

export function expandStatuses(values: string[]): Set<StatusValue> {
  const out = new Set<StatusValue>();
  for (const v of values) {
    if (v === 'errors') for (const s of STATUS_GROUPS.errors) out.add(s);
    else if (v === 'notes') for (const s of STATUS_GROUPS.notes) out.add(s);
    else if (v === 'need_review' || v === 'sell_without_buy' || v === 'income' || v === 'taxable') out.add(v);
  }
  return out;
}

function statusCondition(eb: Eb, values: string[], ctx: FilterContext): Condition | null {
  if (values.length === 0 || values.includes('all')) return null;
  const wanted = expandStatuses(values);
  if (wanted.size === 0) return null;
  const parts: Condition[] = [];
  if (wanted.has('need_review'))
    parts.push(eb.and([missingPrice(eb, ctx.status), eb('transactions.ignored', '=', false)]));
  if (wanted.has('sell_without_buy')) parts.push(sellWithoutBuy(eb, ctx.status));
  if (wanted.has('income')) parts.push(incomeCondition(eb));
  if (wanted.has('taxable')) parts.push(taxableCondition(eb));
  return eb.or(parts);
}

export function incomeCondition(eb: Eb): Condition {
  return eb.or([
    eb('transactions.kind', '=', 'income'),
    eb('transactions.user_defined_type', 'in', [...INCOME_TYPES]),
    eb.and([
      eb('transactions.user_defined_type', 'is', null),
      eb('transactions.kind', 'in', [...INCOMING_KINDS]),
      eb.or([
        eb(eb.fn('lower', ['transactions.subtype']), 'in', INCOME_SPELLINGS),
        eb(eb.fn('lower', ['transactions.label']), 'in', INCOME_SPELLINGS),
      ]),
    ]),
  ]);
}

export function taxableCondition(eb: Eb): Condition {
  return eb.and([
    eb('transactions.kind', 'in', [...TAXABLE_KINDS]),
    eb.or([
      eb('transactions.user_defined_type', 'is', null),
      eb('transactions.user_defined_type', '=', 'business_or_investment'),
    ]),
  ]);
}

/**
 * Asset classes: NFTs carry a token number (#), LP tokens an LP marker; everything else is a
 * cryptocurrency. Null-safe (coalesce), so "not NFT" is true for a row without that leg.
 */
function asset(eb: Eb, column: 'sent_asset' | 'received_asset' | 'user_defined_type') {
  return eb.fn.coalesce(`transactions.${column}` as const, sql.lit(''));
}

export function nftCondition(eb: Eb): Condition {
  return eb.or([
    eb(asset(eb, 'sent_asset'), 'like', '%#%'),
    eb(asset(eb, 'received_asset'), 'like', '%#%'),
    eb(asset(eb, 'user_defined_type'), 'like', 'nft%'),
  ]);
}

export function lpCondition(eb: Eb): Condition {
  const lp = (column: 'sent_asset' | 'received_asset') =>
    eb.or([
      eb(asset(eb, column), 'like', '%-LP%'),
      eb(asset(eb, column), 'like', 'LP-%'),
      eb(asset(eb, column), 'like', 'UNI-V%'),
    ]);
  return eb.or([lp('sent_asset'), lp('received_asset')]);
}

function visibilityCondition(eb: Eb, values: string[] | null, category: string): Condition | null {
  if (values === null || values.length === 0) return null;
  const parts: Condition[] = [];
  const assets = ['cryptocurrency', 'nft', 'lptokens'].filter((v) => values.includes(v));
  if (assets.length > 0 && assets.length < 3) {
    const byAsset: Condition[] = [];
    if (assets.includes('nft')) byAsset.push(nftCondition(eb));
    if (assets.includes('lptokens')) byAsset.push(lpCondition(eb));
    if (assets.includes('cryptocurrency')) byAsset.push(eb.not(eb.or([nftCondition(eb), lpCondition(eb)])));
    parts.push(eb.or(byAsset));
  }
  // The Ignored category shows ignored rows whatever the visibility status says.
  const valid = values.includes('valid');
  const ignored = values.includes('ignored');
  if (category !== 'ignore' && valid !== ignored) parts.push(eb('transactions.ignored', '=', ignored));
  return parts.length > 0 ? eb.and(parts) : null;
}

function sourceCondition(eb: Eb, body: ListTransactionsBody): Condition | null {
  const histories: number[] = [];
  const files: number[] = [];
  for (const e of body.exchanges ?? []) {
    const id = Number(e.value);
    if (!Number.isInteger(id)) continue;
    if (e.type === 'file') files.push(id);
    else histories.push(id);
  }
  for (const g of body.grouped_exchange ?? []) {
    const id = Number(typeof g === 'object' ? (g.group_id ?? g.value) : g);
    if (Number.isInteger(id)) histories.push(id);
  }
  if (histories.length === 0 && files.length === 0) return null;
  const parts: Condition[] = [];
  if (histories.length > 0) parts.push(eb('transactions.import_history_id', 'in', histories));
  if (files.length > 0) parts.push(eb('transactions.import_file_id', 'in', files));
  return eb.or(parts);
}

function searchCondition(
  eb: Eb,
  text: string,
  ctx: FilterContext,
  t: (c: string) => ReturnType<typeof sql.ref>,
): Condition {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = (col: string) =>
    ctx.dialect === 'postgres'
      ? sql<SqlBool>`${t(col)} ilike ${pattern} escape '\\'`
      : sql<SqlBool>`${t(col)} like ${pattern} escape '\\'`;
  const token = text.toUpperCase();
  const parts: Condition[] = [
    eb('transactions.sent_asset', '=', token),
    eb('transactions.received_asset', '=', token),
    eb('transactions.fee_asset', '=', token),
    like('from_address'),
    like('to_address'),
    like('tx_hash'),
  ];
  if (ctx.searchHistoryIds.length > 0)
    parts.push(eb('transactions.import_history_id', 'in', ctx.searchHistoryIds));
  return eb.or(parts);
}

/** 'YYYY-MM-DD[THH:mm[:ss]]' (UTC) → the ISO text stored in transactions.timestamp. */
export function startBound(value: string): string {
  return toIso(value);
}

/** The end date is inclusive: a bare date covers the whole day, a time covers its whole second. */
export function endBound(value: string): string {
  const start = new Date(toIso(value));
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Date(start.getTime() + (dateOnly ? 86_400_000 : 1000)).toISOString();
}

function toIso(value: string): string {
  const withTime = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value;
  const date = new Date(withTime.endsWith('Z') ? withTime : `${withTime}Z`);
  return Number.isNaN(date.getTime()) ? '0000' : date.toISOString();
}
