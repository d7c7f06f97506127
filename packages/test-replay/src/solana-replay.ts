import { createServer, type Server } from 'node:http';

/**
 * A Solana wallet for the tests of issue 18 and a local JSON-RPC server answering
 * `getSignaturesForAddress` (newest first, `limit`, `before`) and `getTransaction`
 * (`jsonParsed`) in the documented shapes. Addresses are real base58 keys from Solana's docs.
 * The wallet: 2 SOL arrive (the sender pays the fee); it sends 0.5 SOL and pays the fee;
 * 100 USDC arrive in its token account; a failed transaction of its own costs the fee alone.
 */
export const SOL_OWN = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
export const SOL_OTHER = 'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg';
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SYSTEM = '11111111111111111111111111111111';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const OWN_USDC_ACCOUNT = 'GcdayuLaLyrdmUu324nahyv33G5poQdLUEZ1nEytDeP';

/** A base58 signature-like id (88 characters, no 0/O/I/l) for transaction `n`. */
export const signatureOf = (n: number) => `${String(n).replace(/0/g, 'z')}x`.padEnd(88, 'K');

export interface SolanaTxData {
  signature: string;
  slot: number;
  blockTime: number;
  err: unknown;
  fee: number;
  keys: string[];
  pre: number[];
  post: number[];
  preTokens?: { accountIndex: number; mint: string; owner: string; amount: string; decimals: number }[];
  postTokens?: { accountIndex: number; mint: string; owner: string; amount: string; decimals: number }[];
}

export function solanaWallet(): SolanaTxData[] {
  const t0 = Date.UTC(2024, 5, 1) / 1000;
  const day = 86_400;
  return [
    {
      signature: signatureOf(1),
      slot: 270_000_001,
      blockTime: t0,
      err: null,
      fee: 5000,
      keys: [SOL_OTHER, SOL_OWN, SYSTEM],
      pre: [5e9, 0, 1],
      post: [3e9 - 5000, 2e9, 1],
    },
    {
      signature: signatureOf(2),
      slot: 270_000_002,
      blockTime: t0 + day,
      err: null,
      fee: 5000,
      keys: [SOL_OWN, SOL_OTHER, SYSTEM],
      pre: [2e9, 0, 1],
      post: [1.5e9 - 5000, 0.5e9, 1],
    },
    {
      signature: signatureOf(3),
      slot: 270_000_003,
      blockTime: t0 + 2 * day,
      err: null,
      fee: 5000,
      keys: [SOL_OTHER, OWN_USDC_ACCOUNT, TOKEN_PROGRAM],
      pre: [1e9, 2039280, 1],
      post: [1e9 - 5000, 2039280, 1],
      preTokens: [{ accountIndex: 1, mint: USDC_MINT, owner: SOL_OWN, amount: '0', decimals: 6 }],
      postTokens: [{ accountIndex: 1, mint: USDC_MINT, owner: SOL_OWN, amount: '100000000', decimals: 6 }],
    },
    {
      signature: signatureOf(4),
      slot: 270_000_004,
      blockTime: t0 + 3 * day,
      err: { InstructionError: [0, 'Custom'] },
      fee: 5000,
      keys: [SOL_OWN, SYSTEM],
      pre: [1.5e9 - 5000, 1],
      post: [1.5e9 - 10000, 1],
    },
  ];
}

export interface SolanaReplay {
  server: Server;
  /** Each call's method and its first parameter's options (`before`, `limit`). */
  calls: { method: string; options: Record<string, unknown> | undefined }[];
  faults: { status: number; body: string }[];
}

const tokenBalance = (b: NonNullable<SolanaTxData['preTokens']>[number]) => ({
  accountIndex: b.accountIndex,
  mint: b.mint,
  owner: b.owner,
  programId: TOKEN_PROGRAM,
  uiTokenAmount: {
    amount: b.amount,
    decimals: b.decimals,
    uiAmount: Number(b.amount) / 10 ** b.decimals,
    uiAmountString: String(Number(b.amount) / 10 ** b.decimals),
  },
});

export function solanaRpc(txs: SolanaTxData[]): SolanaReplay {
  const calls: SolanaReplay['calls'] = [];
  const faults: SolanaReplay['faults'] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const fault = faults.shift();
      if (fault) {
        res.statusCode = fault.status;
        res.end(fault.body);
        return;
      }
      const { id, method, params } = JSON.parse(body) as { id: unknown; method: string; params: unknown[] };
      const options = params[1] as Record<string, unknown> | undefined;
      calls.push({ method, options });
      res.setHeader('content-type', 'application/json');
      const reply = (result: unknown) => res.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
      if (method === 'getSignaturesForAddress') {
        const newest = [...txs].filter((t) => t.keys.includes(String(params[0]))).reverse();
        const from = options?.before ? newest.findIndex((t) => t.signature === options.before) + 1 : 0;
        const limit = Number(options?.limit ?? 1000);
        return reply(
          newest.slice(from, from + limit).map((t) => ({
            signature: t.signature,
            slot: t.slot,
            err: t.err,
            memo: null,
            blockTime: t.blockTime,
            confirmationStatus: 'finalized',
          })),
        );
      }
      if (method === 'getTokenAccountsByOwner') {
        const program = (params[1] as { programId?: string }).programId;
        const owns = params[0] === SOL_OWN && program === TOKEN_PROGRAM;
        return reply({
          context: { slot: 270_000_010 },
          value: owns
            ? [
                {
                  pubkey: OWN_USDC_ACCOUNT,
                  account: {
                    lamports: 2039280,
                    owner: TOKEN_PROGRAM,
                    executable: false,
                    rentEpoch: 0,
                    space: 165,
                    data: {
                      program: 'spl-token',
                      parsed: {
                        type: 'account',
                        info: { mint: USDC_MINT, owner: SOL_OWN, state: 'initialized' },
                      },
                      space: 165,
                    },
                  },
                },
              ]
            : [],
        });
      }
      if (method === 'getTransaction') {
        const t = txs.find((x) => x.signature === params[0]);
        if (!t) return reply(null);
        return reply({
          slot: t.slot,
          blockTime: t.blockTime,
          version: 0,
          meta: {
            err: t.err,
            status: t.err ? { Err: t.err } : { Ok: null },
            fee: t.fee,
            preBalances: t.pre,
            postBalances: t.post,
            preTokenBalances: (t.preTokens ?? []).map(tokenBalance),
            postTokenBalances: (t.postTokens ?? []).map(tokenBalance),
            innerInstructions: [],
            logMessages: [],
            rewards: [],
            computeUnitsConsumed: 150,
          },
          transaction: {
            signatures: [t.signature],
            message: {
              accountKeys: t.keys.map((pubkey, i) => ({
                pubkey,
                signer: i === 0,
                writable: true,
                source: 'transaction',
              })),
              instructions: [],
              recentBlockhash: 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k',
            },
          },
        });
      }
      res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }));
    });
  });
  return { server, calls, faults };
}
