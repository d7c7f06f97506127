import { stringify } from 'csv-stringify/sync';
import { SourceError } from './source-error.ts';

/** EVM chains read through Etherscan's multichain API (one key, `chainid` per chain). */
export const EVM_CHAINS = {
  eth: { label: 'Ethereum', symbol: 'ETH', chainId: 1 },
  bsc: { label: 'BNB Smart Chain', symbol: 'BNB', chainId: 56 },
  matic: { label: 'Polygon', symbol: 'POL', chainId: 137 },
  arb: { label: 'Arbitrum One', symbol: 'ETH', chainId: 42161 },
  op: { label: 'OP Mainnet', symbol: 'ETH', chainId: 10 },
  base: { label: 'Base', symbol: 'ETH', chainId: 8453 },
  avax: { label: 'Avalanche C-Chain', symbol: 'AVAX', chainId: 43114 },
  ftm: { label: 'Fantom', symbol: 'FTM', chainId: 250 },
  blast: { label: 'Blast', symbol: 'ETH', chainId: 81457 },
} as const;
export type EvmChain = keyof typeof EVM_CHAINS;

export const isEvmChain = (coin: string): coin is EvmChain => Object.hasOwn(EVM_CHAINS, coin);

export interface EvmHistoryOptions {
  chain: EvmChain;
  address: string;
  apiKey?: string | undefined;
  /** Etherscan's v2 endpoint, or a replay server in tests. */
  baseURL?: string | undefined;
  /** Resync: from this block on (the last one synced; rows already stored are recognised). */
  startBlock?: number | undefined;
  pageSize?: number;
  retries?: number;
  backoffMs?: number;
  onPage?: (what: string, fetched: number) => void | Promise<void>;
}

type ApiRow = Record<string, string>;

/** 10^decimals wei (or token units) as an exact decimal text, trailing zeros removed. */
export function unitsToDecimal(raw: string, decimals: number): string {
  if (!/^\d+$/.test(raw))
    throw new SourceError('Etherscan', 'malformed', `amount "${raw}" is not an integer`);
  const digits = raw.replace(/^0+/, '').padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

async function call(options: EvmHistoryOptions, params: Record<string, string>): Promise<ApiRow[]> {
  const url = new URL(options.baseURL ?? 'https://api.etherscan.io/v2/api');
  url.search = new URLSearchParams({
    chainid: String(EVM_CHAINS[options.chain].chainId),
    module: 'account',
    ...params,
    ...(options.apiKey ? { apikey: options.apiKey } : {}),
  }).toString();
  const tries = options.retries ?? 4;
  for (let attempt = 0; ; attempt++) {
    let body: { status?: string; message?: string; result?: unknown };
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      if (res.status === 429 || res.status >= 500) {
        if (res.status === 429 && attempt + 1 < tries) {
          await new Promise((r) => setTimeout(r, (options.backoffMs ?? 1000) * 2 ** attempt));
          continue;
        }
        throw new SourceError('Etherscan', 'down', `HTTP ${res.status}`);
      }
      body = (await res.json()) as typeof body;
    } catch (error) {
      if (error instanceof SourceError) throw error;
      if (error instanceof SyntaxError)
        throw new SourceError('Etherscan', 'malformed', 'a reply that is not JSON');
      throw new SourceError('Etherscan', 'down', error instanceof Error ? error.message : String(error));
    }
    if (Array.isArray(body.result)) return body.result as ApiRow[];
    const text = typeof body.result === 'string' ? body.result : (body.message ?? '');
    if (/rate limit/i.test(text) && attempt + 1 < tries) {
      await new Promise((r) => setTimeout(r, (options.backoffMs ?? 1000) * 2 ** attempt));
      continue;
    }
    if (/rate limit/i.test(text)) throw new SourceError('Etherscan', 'down', text);
    throw new SourceError('Etherscan', 'malformed', text || 'a reply without results');
  }
}

/** Every row of one list, paged by block (Etherscan caps page × offset at 10,000). */
async function list(options: EvmHistoryOptions, action: string): Promise<ApiRow[]> {
  const size = options.pageSize ?? 1000;
  const seen = new Set<string>();
  const out: ApiRow[] = [];
  let start = options.startBlock ?? 0;
  for (;;) {
    const page = await call(options, {
      action,
      address: options.address,
      startblock: String(start),
      endblock: '999999999',
      page: '1',
      offset: String(size),
      sort: 'asc',
    });
    for (const row of page) {
      // The next page starts at the last block again: rows of that block come twice.
      const key = `${row.hash}|${row.traceId ?? ''}|${row.logIndex ?? ''}|${row.from}|${row.to}|${row.value}|${row.contractAddress ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(row);
    }
    await options.onPage?.(action, out.length);
    if (page.length < size) return out;
    const last = Number(page.at(-1)?.blockNumber);
    if (!Number.isFinite(last) || last < start)
      throw new SourceError('Etherscan', 'malformed', 'a page without block numbers');
    if (last === start)
      throw new SourceError('Etherscan', 'malformed', `more than ${size} rows in block ${start}`);
    start = last;
  }
}

const utc = (seconds: string) =>
  new Date(Number(seconds) * 1000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * An address's history on an EVM chain through Etherscan's API (normal, internal and token
 * transfers), rendered as the explorer's own CSV exports, so the Etherscan importers give the
 * same rows and dedupe keys as the files a user downloads. Amounts are exact (wei → decimal).
 */
export async function fetchEvmHistory(options: EvmHistoryOptions) {
  const { symbol } = EVM_CHAINS[options.chain];
  const me = options.address.toLowerCase();
  const normal = await list(options, 'txlist');
  const internal = await list(options, 'txlistinternal');
  const tokens = await list(options, 'tokentx');
  // The columns every Etherscan export starts with, then each list's own.
  const lead = (t: ApiRow) => [t.hash, t.blockNumber, t.timeStamp, utc(t.timeStamp ?? '0')];
  const csv = (columns: string[], rows: unknown[][]) =>
    stringify(rows, {
      header: true,
      quoted: true,
      columns: ['Transaction Hash', 'Blockno', 'UnixTimestamp', 'DateTime (UTC)', ...columns],
    });
  const valueIn = (t: ApiRow) => (t.to?.toLowerCase() === me ? unitsToDecimal(t.value ?? '0', 18) : '0');
  const valueOut = (t: ApiRow) => (t.from?.toLowerCase() === me ? unitsToDecimal(t.value ?? '0', 18) : '0');
  const normalCsv = csv(
    [
      'From',
      'To',
      'ContractAddress',
      `Value_IN(${symbol})`,
      `Value_OUT(${symbol})`,
      `TxnFee(${symbol})`,
      'Status',
      'Method',
    ],
    normal.map((t) => [
      ...lead(t),
      t.from,
      t.to,
      t.contractAddress ?? '',
      valueIn(t),
      valueOut(t),
      unitsToDecimal((BigInt(t.gasUsed ?? '0') * BigInt(t.gasPrice ?? '0')).toString(), 18),
      t.isError === '1' ? 'Error(0)' : '',
      (t.functionName ?? '').split('(')[0] || (t.methodId ?? ''),
    ]),
  );
  const internalCsv = csv(
    [
      'ParentTxFrom',
      'ParentTxTo',
      `ParentTx${symbol}_Value`,
      'From',
      'TxTo',
      'ContractAddress',
      `Value_IN(${symbol})`,
      `Value_OUT(${symbol})`,
      'Status',
      'ErrCode',
      'Type',
    ],
    internal.map((t) => [
      ...lead(t),
      // The parent transaction is not in the API's internal list (the importer does not need it).
      '',
      '',
      '',
      t.from,
      t.to,
      t.contractAddress ?? '',
      valueIn(t),
      valueOut(t),
      t.isError === '1' ? '1' : '0',
      t.errCode ?? '',
      t.type ?? '',
    ]),
  );
  const tokenCsv = csv(
    ['From', 'To', 'TokenValue', 'ContractAddress', 'TokenName', 'TokenSymbol'],
    tokens.map((t) => [
      ...lead(t),
      t.from,
      t.to,
      unitsToDecimal(t.value ?? '0', Number(t.tokenDecimal ?? '0')),
      t.contractAddress ?? '',
      t.tokenName ?? '',
      t.tokenSymbol ?? '',
    ]),
  );
  const blocks = [...normal, ...internal, ...tokens]
    .map((t) => Number(t.blockNumber))
    .filter(Number.isFinite);
  return {
    files: [
      { format: 'etherscan-normal', csv: normalCsv, rows: normal.length },
      { format: 'etherscan-internal', csv: internalCsv, rows: internal.length },
      { format: 'etherscan-erc20', csv: tokenCsv, rows: tokens.length },
    ],
    latestBlock: blocks.length > 0 ? Math.max(...blocks) : null,
  };
}
