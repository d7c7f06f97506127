import type { ReplayAnswer, ReplayRequest } from './exchange-replay.ts';

/** A contract as the replayed chain holds it: its bytecode and, for a token, ERC-20 answers. */
export interface ReplayContract {
  code: string;
  /** totalSupply() as a uint256; absent: the call reverts (not a token). */
  totalSupply?: bigint;
  symbol?: string;
}

const word = (n: bigint) => n.toString(16).padStart(64, '0');

/** ABI encoding of one `string` return value. */
export function abiEncodeString(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  const padded = bytes.toString('hex').padEnd(Math.ceil(bytes.length / 32) * 64, '0');
  return `0x${word(32n)}${word(BigInt(bytes.length))}${padded}`;
}

/**
 * Etherscan's v2 API (`/v2/api?chainid=…&module=…&action=…`) as documented, for tests: the
 * account lists (txlist, txlistinternal, tokentx; `status: "0"` and an empty list when none)
 * and the proxy module's JSON-RPC answers: `eth_getCode` ('0x' for a wallet) and `eth_call`
 * of totalSupply() / symbol() (an `error` "execution reverted" for a contract without them).
 * A request without the key gets Etherscan's NOTOK.
 */
export function etherscanHandler(state: {
  key: string;
  contracts: Record<string, ReplayContract>;
  lists?: Record<string, Record<string, string>[]>;
}): (req: ReplayRequest) => ReplayAnswer {
  return (req) => {
    const q = req.query;
    if (q.get('apikey') !== state.key) {
      return { body: { status: '0', message: 'NOTOK', result: 'Missing/Invalid API Key' } };
    }
    if (q.get('module') === 'proxy') {
      const rpc = (result: string): ReplayAnswer => ({ body: { jsonrpc: '2.0', id: 1, result } });
      const address = (q.get('action') === 'eth_call' ? q.get('to') : q.get('address'))?.toLowerCase() ?? '';
      const contract = state.contracts[address];
      if (q.get('action') === 'eth_getCode') return rpc(contract?.code ?? '0x');
      if (q.get('action') === 'eth_call') {
        const reverted: ReplayAnswer = {
          body: { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'execution reverted' } },
        };
        if (!contract) return rpc('0x');
        if (q.get('data') === '0x18160ddd' && contract.totalSupply !== undefined)
          return rpc(`0x${word(contract.totalSupply)}`);
        if (q.get('data') === '0x95d89b41' && contract.symbol !== undefined)
          return rpc(abiEncodeString(contract.symbol));
        return reverted;
      }
      return { body: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'method not found' } } };
    }
    const rows = (state.lists?.[q.get('action') ?? ''] ?? []).filter(
      (r) =>
        [r.from, r.to].some((a) => a?.toLowerCase() === q.get('address')?.toLowerCase()) &&
        Number(r.blockNumber) >= Number(q.get('startblock') ?? 0),
    );
    return {
      body: rows.length
        ? { status: '1', message: 'OK', result: rows }
        : { status: '0', message: 'No transactions found', result: [] },
    };
  };
}
