import type { z } from 'zod';
import { type ExchangeApiOptions, Progress, readPage, windows } from './exchange-api.ts';

/**
 * History endpoints that answer one time window at a time (Binance's deposits in 90 days,
 * KuCoin's ledger in 24 hours, …), each with its own paging inside a window. Walked newest
 * window first from `now` back to where the endpoint's history starts (or the last sync).
 */
export interface Endpoint<T, L> {
  what: string;
  /** ccxt's implicit method (`sapiGetCapitalDepositHisrec`, …). */
  method: string;
  /** Longest window the endpoint answers, and where its history starts (Unix ms). */
  span: number;
  start: number;
  params: (from: number, to: number) => Record<string, unknown>;
  rows: (raw: unknown) => T[];
  /**
   * offset / page: offsets or page numbers inside a window (`key`), a short page ends it;
   * narrow: a full page moves the window's end back to its oldest row; cursor: the answer's
   * `next` goes into `key` for the next page.
   */
  paging:
    | { kind: 'offset' | 'page'; key: string; size: number; first: number }
    | { kind: 'narrow'; size: number }
    | { kind: 'cursor'; key: string; next: (raw: unknown) => string | null | undefined };
  time: (row: T) => number;
  /** Not settled yet: read again by the next resync. */
  pending?: (row: T) => boolean;
  lines: (row: T) => L[];
}

/** An endpoint typed by its rows, kept in a list with the others. */
export function endpoint<T, L>(e: Endpoint<T, L>): Endpoint<unknown, L> {
  return e as unknown as Endpoint<unknown, L>;
}

/** Rows of a page read against its documented shape (anything else: "import failed"). */
export function rowsOf<S extends z.ZodType, T>(
  name: string,
  what: string,
  schema: S,
  pick: (parsed: z.infer<S>) => T[],
): (raw: unknown) => T[] {
  return (raw) => pick(readPage(name, what, schema, raw));
}

type Call = (method: string, params: Record<string, unknown>) => Promise<unknown>;

/**
 * Every endpoint's rows since `after` (exclusive) up to `now`, as lines, and the oldest time of
 * a row still pending (the next resync must start before it).
 */
export async function readWindowed<L>(
  endpoints: Endpoint<unknown, L>[],
  after: number,
  now: number,
  call: Call,
  options: ExchangeApiOptions,
  label: string,
): Promise<{ lines: L[]; pendingFrom: number }> {
  const progress = new Progress(options);
  const lines: L[] = [];
  let pendingFrom = Number.POSITIVE_INFINITY;
  for (const e of endpoints) {
    for (const [from, to] of windows(Math.max(e.start, after + 1), now, e.span)) {
      for await (const rows of pages(e, from, to, call)) {
        for (const row of rows) {
          if (e.pending?.(row)) pendingFrom = Math.min(pendingFrom, e.time(row));
          lines.push(...e.lines(row));
        }
        await progress.add(rows.length, `${label} ${e.what}`);
      }
    }
  }
  return { lines, pendingFrom };
}

/** The pages of one window of an endpoint, by its kind of paging. */
async function* pages<L>(
  e: Endpoint<unknown, L>,
  from: number,
  to: number,
  call: Call,
): AsyncGenerator<unknown[]> {
  const paging = e.paging;
  if (paging.kind === 'narrow') {
    for (let end = to; end > from; ) {
      const rows = e.rows(await call(e.method, e.params(from, end)));
      yield rows;
      if (rows.length < paging.size) return;
      const oldest = Math.min(...rows.map(e.time));
      if (oldest >= end - 1) return;
      end = oldest; // the window's end is exclusive: what is older than this page's oldest row
    }
    return;
  }
  if (paging.kind === 'cursor') {
    for (let next: string | null | undefined; ; ) {
      const raw = await call(e.method, { ...e.params(from, to), ...(next ? { [paging.key]: next } : {}) });
      const rows = e.rows(raw);
      yield rows;
      next = paging.next(raw);
      if (!next || rows.length === 0) return;
    }
  }
  for (let n = paging.first; ; n += paging.kind === 'offset' ? paging.size : 1) {
    const rows = e.rows(await call(e.method, { ...e.params(from, to), [paging.key]: n }));
    yield rows;
    if (rows.length < paging.size) return;
  }
}
