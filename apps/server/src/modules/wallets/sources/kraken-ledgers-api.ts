import type { Exchange } from 'ccxt';
import { PagedCsvFile, type RenderedFile } from './paged-csv-file.ts';
import { SourceError, sourceErrorOf } from './source-error.ts';

/** One entry of Kraken's Ledgers call (docs.kraken.com, "Get Ledgers Info"). */
interface LedgerEntry {
  refid: string;
  time: number;
  type: string;
  subtype?: string;
  aclass?: string;
  subclass?: string;
  asset: string;
  wallet?: string;
  amount: string;
  fee: string;
  balance: string;
}

export interface KrakenLedgerOptions {
  apiKey: string;
  secret: string;
  /** Another address for Kraken's API (a replay server in tests). */
  baseURL?: string | undefined;
  /** Resync: only entries after this time (Unix seconds, exclusive). */
  since?: number | undefined;
  /** Tries of a rate-limited page, waiting backoffMs × 2^n between them. */
  retries?: number;
  backoffMs?: number;
  timeoutMs?: number;
  /** ccxt's own pacing of Kraken's private-call budget (on by default); tests turn it off. */
  enableRateLimit?: boolean;
  onPage?: (fetched: number, total: number) => void | Promise<void>;
}

/** Kraken answers 50 entries a page, newest first, with the total count. */
const PAGE = 50;
/** Pages whose ids are remembered against shifted repeats (1,000 entries arriving mid-fetch). */
const RECENT_PAGES = 20;
const COLUMNS = [
  'txid',
  'refid',
  'time',
  'type',
  'subtype',
  'aclass',
  'subclass',
  'asset',
  'wallet',
  'amount',
  'fee',
  'balance',
] as const;

/** Kraken's CSV time: "2024-02-01 08:30:12" in UTC, with the fraction when there is one. */
function csvTime(seconds: number): string {
  const whole = Math.floor(seconds);
  const text = new Date(whole * 1000).toISOString().slice(0, 19).replace('T', ' ');
  const fraction = (seconds - whole).toFixed(4).slice(1);
  return fraction === '.0000' ? text : `${text}${fraction}`;
}

function isEntry(value: unknown): value is LedgerEntry {
  const e = value as Partial<LedgerEntry> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.refid === 'string' &&
    typeof e.time === 'number' &&
    typeof e.type === 'string' &&
    typeof e.asset === 'string' &&
    typeof e.amount === 'string'
  );
}

/**
 * A Kraken account's whole ledger through ccxt (the private Ledgers call, signed with the
 * read-only key), rendered as Kraken's own ledgers.csv at `file`. The import then runs it through
 * the same importer as a downloaded ledgers.csv, so an API import and a CSV of the same account
 * give the same rows and dedupe keys, in either order and overlapping. Pages are written as
 * they arrive (memory holds one page and the last pages' ids, not the ledger); no file when empty.
 */
export async function fetchKrakenLedgerCsv(
  options: KrakenLedgerOptions & { file: string },
): Promise<{ file: RenderedFile | null; entries: number; latest: number | null }> {
  if (!options.apiKey.trim() || !options.secret.trim()) throw new SourceError('Kraken', 'missing_key');
  const exchange = await connect(options);
  // New entries arriving meanwhile push older ones onto the next pages: an id already written
  // by one of the last pages is skipped (memory stays bounded: only those pages' ids are kept).
  const recent: Set<string>[] = [];
  let written = 0;
  let latest: number | null = null;
  let total = Number.POSITIVE_INFINITY;
  const out = await PagedCsvFile.create(options.file, COLUMNS, { quoted: true });
  try {
    for (let ofs = 0; ofs < total; ofs += PAGE) {
      const request: Record<string, unknown> = { ofs };
      if (options.since !== undefined) request.start = options.since;
      const page = await withRetries(options, () =>
        (exchange as unknown as { privatePostLedgers(p: object): Promise<unknown> }).privatePostLedgers(
          request,
        ),
      );
      const result = (page as { result?: { ledger?: unknown; count?: unknown } } | null)?.result;
      const ledger = result?.ledger;
      if (typeof ledger !== 'object' || ledger === null || typeof result?.count !== 'number') {
        throw new SourceError('Kraken', 'malformed', 'the ledger page has no entries or count');
      }
      total = result.count;
      const entries = Object.entries(ledger as Record<string, unknown>);
      const fresh: [string, LedgerEntry][] = [];
      const ids = new Set<string>();
      for (const [id, entry] of entries) {
        if (!isEntry(entry)) throw new SourceError('Kraken', 'malformed', `ledger entry ${id} is incomplete`);
        if (ids.has(id) || recent.some((page) => page.has(id))) continue;
        ids.add(id);
        fresh.push([id, entry]);
        latest = Math.max(latest ?? entry.time, entry.time);
      }
      recent.push(ids);
      if (recent.length > RECENT_PAGES) recent.shift();
      written += fresh.length;
      // Oldest first within the page; the pages are reversed when the file is finished.
      await out.page(fresh.sort(([, a], [, b]) => a.time - b.time).map(([id, e]) => csvRow(id, e)));
      await options.onPage?.(written, total);
      // A short page before the count: Kraken has nothing more (entries removed meanwhile).
      if (entries.length < PAGE) break;
    }
  } catch (error) {
    await out.discard();
    throw error;
  }
  if (written === 0) {
    await out.discard();
    return { file: null, entries: 0, latest: null };
  }
  return { file: await out.finish('reverse-pages'), entries: written, latest };
}

const csvRow = (id: string, e: LedgerEntry) => [
  id,
  e.refid,
  csvTime(e.time),
  e.type,
  e.subtype ?? '',
  e.aclass ?? '',
  e.subclass ?? '',
  e.asset,
  e.wallet ?? '',
  e.amount,
  e.fee,
  e.balance,
];

async function connect(options: KrakenLedgerOptions): Promise<Exchange> {
  const ccxt = await import('ccxt');
  const exchange = new ccxt.kraken({
    apiKey: options.apiKey.trim(),
    secret: options.secret.trim(),
    timeout: options.timeoutMs ?? 30_000,
    enableRateLimit: options.enableRateLimit ?? true,
  });
  if (options.baseURL) {
    const api = exchange.urls.api as Record<string, string>;
    for (const key of Object.keys(api)) api[key] = options.baseURL;
  }
  return exchange;
}

async function withRetries<T>(options: KrakenLedgerOptions, call: () => Promise<T>): Promise<T> {
  const tries = options.retries ?? 4;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const mapped = await sourceErrorOf('Kraken', error);
      if (mapped.kind !== 'rate_limited' || attempt + 1 >= tries) throw mapped;
      await new Promise((r) => setTimeout(r, (options.backoffMs ?? 2000) * 2 ** attempt));
    }
  }
}
