import { EVM_CHAINS, type EvmChain } from './etherscan-api.ts';
import { SourceError } from './source-error.ts';

export interface EtherscanProxyOptions {
  chain: EvmChain;
  apiKey?: string | undefined;
  /** Etherscan's v2 endpoint, or a replay server in tests. */
  baseURL?: string | undefined;
  retries?: number;
  backoffMs?: number;
}

/**
 * Etherscan's "proxy" module (the node's JSON-RPC through the explorer): `{ jsonrpc, id, result }`
 * on success; `{ status: "0", message: "NOTOK", result: "<why>" }` or `{ error: { code, message } }`
 * when refused. A rate limit is waited out a few times, then — like a 5xx or no answer — the
 * service is "not responding".
 */
async function proxy(options: EtherscanProxyOptions, params: Record<string, string>): Promise<string> {
  const url = new URL(options.baseURL ?? 'https://api.etherscan.io/v2/api');
  url.search = new URLSearchParams({
    chainid: String(EVM_CHAINS[options.chain].chainId),
    module: 'proxy',
    ...params,
    ...(options.apiKey ? { apikey: options.apiKey } : {}),
  }).toString();
  const tries = options.retries ?? 3;
  for (let attempt = 0; ; attempt++) {
    let body: { result?: unknown; message?: string; error?: { message?: string } };
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(20_000) });
      if (res.status === 429 || res.status >= 500) {
        await res.body?.cancel();
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
    if (typeof body.result === 'string' && /^0x[0-9a-fA-F]*$/.test(body.result)) return body.result;
    const text =
      body.error?.message ?? (typeof body.result === 'string' ? body.result : (body.message ?? ''));
    if (/rate limit/i.test(text) && attempt + 1 < tries) {
      await new Promise((r) => setTimeout(r, (options.backoffMs ?? 1000) * 2 ** attempt));
      continue;
    }
    if (/execution reverted|revert/i.test(text)) return '0x';
    throw new SourceError('Etherscan', /rate limit/i.test(text) ? 'down' : 'malformed', text || 'no result');
  }
}

/** The code at an address (`eth_getCode`, latest block): '0x' for a wallet (an externally owned account). */
export function getCode(options: EtherscanProxyOptions, address: string): Promise<string> {
  return proxy(options, { action: 'eth_getCode', address, tag: 'latest' });
}

/** A read-only call (`eth_call`) of `data` on the contract at `to`; '0x' when it reverts. */
export function ethCall(options: EtherscanProxyOptions, to: string, data: string): Promise<string> {
  return proxy(options, { action: 'eth_call', to, data, tag: 'latest' });
}

/** ABI-decodes a `string` return value ('' when it is not one). */
export function abiString(hex: string): string {
  const raw = hex.replace(/^0x/, '');
  if (raw.length < 128) return '';
  const length = Number.parseInt(raw.slice(64, 128), 16);
  if (!Number.isSafeInteger(length) || length > 64 || raw.length < 128 + length * 2) return '';
  return Buffer.from(raw.slice(128, 128 + length * 2), 'hex')
    .toString('utf8')
    .replace(/[^\x20-\x7e]/g, '');
}
