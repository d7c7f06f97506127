import type { Exchange } from 'ccxt';
import { stringify } from 'csv-stringify/sync';
import Decimal from 'decimal.js';
import { z } from 'zod';
import type { RenderedFile } from './paged-csv-file.ts';
import { SourceError, sourceErrorOf } from './source-error.ts';

/**
 * What every exchange source shares (issue 18): the key check, ccxt pointed at another address
 * (a replay server in tests), retries of a rate-limited page, the cursor a resync starts from,
 * a checked reading of each page, and the CSV the file importer reads. Each exchange's file
 * (`<exchange>-api.ts`) keeps only its endpoints, paging and the layout it renders.
 */
export interface ExchangeApiOptions {
  apiKey: string;
  secret: string;
  /** The passphrase some exchanges pair with a key (KuCoin, OKX, Coinbase Exchange). */
  passphrase?: string | undefined;
  /**
   * An OAuth access token (Coinbase's "Connect with Coinbase") used instead of key and secret:
   * ccxt sends it as `Authorization: Bearer …`.
   */
  accessToken?: string | undefined;
  /** Another address for the exchange's API (a replay server in tests); keeps each URL's path. */
  baseURL?: string | undefined;
  /** Resync: what the last sync returned as `cursor`; undefined fetches the whole history. */
  cursor?: string | undefined;
  /** Tries of a rate-limited page, waiting backoffMs × 2^n between them. */
  retries?: number;
  backoffMs?: number;
  timeoutMs?: number;
  /** ccxt's own pacing of the exchange's rate limits (on by default); off only for a replay server. */
  enableRateLimit?: boolean;
  /** "Now" in Unix ms, for the endpoints read in time windows (tests fix it). */
  now?: number;
  /** Where a source that writes its CSV as it fetches (Kraken) puts the file. */
  file?: string | undefined;
  /** After each page: records so far, what they are, and the total when the exchange says it. */
  onPage?: (fetched: number, what: string, total?: number) => void | Promise<void>;
}

export interface FetchedHistory {
  /** The account's records in the exchange's own CSV layout (`format`), for the file importer. */
  csv: string;
  /** …or, from a source that writes as it fetches, the file they are in (`csv` is then ''). */
  file?: RenderedFile | undefined;
  format: string;
  /** Records rendered (0: nothing new). */
  entries: number;
  /** Where the next resync starts (JSON), or null when nothing was fetched. */
  cursor: string | null;
  /** What the exchange says about the key (it can trade or withdraw), for the user. */
  warnings: string[];
  /** Records of the exchange's other export layouts (OKX: funding beside trading), imported after. */
  more?: { csv: string; format: string; entries: number }[];
}

/** The spec's warning when the exchange says a key can do more than read. */
export function permissionWarning(name: string, can: string[]): string | null {
  if (can.length === 0) return null;
  return `This ${name} API key can also ${can.join(' and ')}. Lotwise only reads your history: create a read-only key and connect it instead.`;
}

/** 'Please Provide Correct Api-Key and Secret.' when something the exchange needs is empty. */
export function requireKeys(name: string, options: ExchangeApiOptions, passphrase = false): void {
  if (!options.apiKey.trim() || !options.secret.trim() || (passphrase && !options.passphrase?.trim())) {
    throw new SourceError(name, 'missing_key');
  }
}

/** Every `https://host` in ccxt's `urls.api` (nested or not) replaced by `baseURL`, paths kept. */
export function pointAt(api: unknown, baseURL: string): unknown {
  const base = baseURL.replace(/\/+$/, '');
  if (typeof api === 'string') return api.replace(/^https?:\/\/[^/]+/, base);
  if (typeof api !== 'object' || api === null) return api;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(api)) out[k] = pointAt(v, base);
  return out;
}

/** A ccxt exchange signed with the key, paced unless told not to, at `baseURL` if given. */
export async function connect(
  id: 'coinbase' | 'binance' | 'binanceus' | 'kucoin' | 'bitstamp' | 'gemini' | 'okx' | 'bybit' | 'cryptocom',
  options: ExchangeApiOptions,
  extra: Record<string, unknown> = {},
): Promise<Exchange> {
  const ccxt = await import('ccxt');
  const exchange = new ccxt[id]({
    apiKey: options.accessToken ? '' : options.apiKey.trim(),
    secret: options.accessToken ? '' : options.secret.trim(),
    ...(options.accessToken ? { token: options.accessToken } : {}),
    ...(options.passphrase?.trim() ? { password: options.passphrase.trim() } : {}),
    timeout: options.timeoutMs ?? 30_000,
    enableRateLimit: options.enableRateLimit ?? true,
    ...extra,
  });
  if (options.baseURL)
    exchange.urls.api = pointAt(exchange.urls.api, options.baseURL) as typeof exchange.urls.api;
  return exchange;
}

type Implicit = (params?: Record<string, unknown>) => Promise<unknown>;

/**
 * One call of ccxt's implicit API (`privateGetAccounts`, `sapiGetCapitalDepositHisrec`, …):
 * signed and paced by ccxt; a rate-limited answer is tried again after a wait, other failures
 * become the spec's texts (SourceError).
 */
export async function request(
  name: string,
  exchange: Exchange,
  method: string,
  params: Record<string, unknown>,
  options: ExchangeApiOptions,
  /** The exchange's own codes that ccxt files under another error class (a generic ExchangeError). */
  codes: { rejectedKey?: RegExp; rateLimited?: RegExp } = {},
): Promise<unknown> {
  const fn = (exchange as unknown as Record<string, Implicit | undefined>)[method];
  if (typeof fn !== 'function') throw new Error(`ccxt ${exchange.id} has no ${method}`);
  const tries = options.retries ?? 4;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn.call(exchange, params);
    } catch (error) {
      let mapped = await sourceErrorOf(name, error);
      if (mapped.kind === 'malformed' && codes.rejectedKey?.test(mapped.detail ?? '')) {
        mapped = new SourceError(name, 'bad_key', mapped.detail);
      }
      if (mapped.kind === 'malformed' && codes.rateLimited?.test(mapped.detail ?? '')) {
        mapped = new SourceError(name, 'rate_limited', mapped.detail);
      }
      if (mapped.kind !== 'rate_limited' || attempt + 1 >= tries) throw mapped;
      await new Promise((r) => setTimeout(r, (options.backoffMs ?? 2000) * 2 ** attempt));
    }
  }
}

/** A page read against its documented shape; anything else is the spec's "import failed". */
export function readPage<S extends z.ZodType>(
  name: string,
  what: string,
  schema: S,
  value: unknown,
): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SourceError(
      name,
      'malformed',
      `${what}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
    );
  }
  return parsed.data;
}

/** An amount as the exchange wrote it: a decimal string (or a JSON number ccxt re-quoted). */
export const decimalText = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const text = String(v).trim();
  if (text === '' || !/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: `not a decimal: ${text}` });
    return z.NEVER;
  }
  return text;
});

/** An integer the exchange may write as a number or a string (ids, Unix times). */
export const integer = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]).transform((v) => Number(v));

/** Exact arithmetic on the exchange's decimal strings (never binary floats). */
export const dec = (text: string | number): Decimal => new Decimal(text);

/** A decimal as plain text without exponent or trailing zeros ("0.00000001", not "1e-8"). */
export function plain(value: Decimal | string): string {
  const d = typeof value === 'string' ? new Decimal(value) : value;
  return d.toFixed();
}

/** Unix ms → "2024-02-01 08:30:12" (UTC), the form most exchange exports use. */
export function utcText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** Unix ms → "2024-02-01T08:30:12Z". */
export function isoSeconds(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** Rows under the given header, as the exchange's export writes them. */
export function renderCsv(columns: readonly string[], rows: (string | number)[][], preamble = ''): string {
  return preamble + stringify(rows, { header: true, columns: [...columns] });
}

/** The cursor of the last sync, or an empty one. */
export function readCursor<T extends object>(options: ExchangeApiOptions, empty: T): T {
  if (!options.cursor) return empty;
  try {
    const parsed: unknown = JSON.parse(options.cursor);
    return typeof parsed === 'object' && parsed !== null ? { ...empty, ...(parsed as Partial<T>) } : empty;
  } catch {
    return empty;
  }
}

/**
 * Time windows [start, end) covering [from, to), newest first, each at most `span` ms: for the
 * endpoints that answer one window at a time (Binance's deposits, KuCoin's ledgers, …).
 */
export function windows(from: number, to: number, span: number): [number, number][] {
  const out: [number, number][] = [];
  for (let end = to; end > from; end -= span) out.push([Math.max(from, end - span), end]);
  return out;
}

/** Counts what was fetched and reports each page. */
export class Progress {
  private count = 0;
  constructor(private readonly options: ExchangeApiOptions) {}
  async add(n: number, what: string): Promise<void> {
    this.count += n;
    await this.options.onPage?.(this.count, what);
  }
}
