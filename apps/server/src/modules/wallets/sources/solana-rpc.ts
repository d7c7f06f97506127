import { type Address, address, isAddress } from '@solana/addresses';
import { createSolanaRpc } from '@solana/rpc';
import { stringify } from 'csv-stringify/sync';
import Decimal from 'decimal.js';
import { SourceError } from './source-error.ts';

type Signature = Parameters<ReturnType<typeof createSolanaRpc>['getTransaction']>[0];

const SOURCE = 'Solana';
/** Solscan's mint for native SOL (its exports name SOL by this address). */
const NATIVE_SOL = 'So11111111111111111111111111111111111111111';
const PAGE = 1000;
/** SPL Token and Token-2022. */
const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
];

export const isSolanaAddress = (text: string) => isAddress(text.trim());

export interface SolanaHistoryOptions {
  address: string;
  /** The RPC endpoint (default Solana's public mainnet; a replay server in tests). */
  rpcURL?: string | undefined;
  /** Only transactions in a later slot (a resync). */
  afterSlot?: number | undefined;
  retries?: number;
  backoffMs?: number;
  onProgress?: (message: string) => void | Promise<void>;
}

/** The HTTP status of a failed RPC call (the SDK's SolanaError carries it in its context). */
const statusOf = (error: unknown): number | undefined =>
  (error as { context?: { statusCode?: number } } | null)?.context?.statusCode;

/** One RPC call: a 429 waited out with back-off, then a 5xx or no answer is "not responding". */
async function call<T>(options: SolanaHistoryOptions, send: () => Promise<T>): Promise<T> {
  const tries = options.retries ?? 4;
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const status = statusOf(error);
      const detail = error instanceof Error ? error.message : String(error);
      if (status === 429 && attempt + 1 < tries) {
        await new Promise((r) => setTimeout(r, (options.backoffMs ?? 1000) * 2 ** attempt));
        continue;
      }
      if (status === undefined && error instanceof TypeError) throw new SourceError(SOURCE, 'down', detail);
      if (status === 429 || (status !== undefined && status >= 500))
        throw new SourceError(SOURCE, 'down', `HTTP ${status}`);
      throw new SourceError(SOURCE, 'malformed', detail);
    }
  }
}

interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner?: string;
  uiTokenAmount: { amount: string; decimals: number };
}

/**
 * A Solana address's history through the JSON-RPC API (the official `@solana/rpc` client):
 * its signatures newest first, 1,000 a page, then each transaction's balance changes for the
 * address — SOL (without the fee) and every SPL token it owns an account of — rendered as
 * Solscan's transfers export, with the network fee the address paid as a FEE line (Solscan's
 * export has no fee; the importer reads that line as a fee).
 */
export async function fetchSolanaHistory(options: SolanaHistoryOptions) {
  const own = address(options.address.trim());
  const rpc = createSolanaRpc(options.rpcURL ?? 'https://api.mainnet-beta.solana.com');
  // Tokens arrive in the wallet's token accounts, whose transactions need not name the wallet.
  const tokenAccounts: string[] = [];
  for (const programId of TOKEN_PROGRAMS) {
    const reply = await call(options, () =>
      rpc.getTokenAccountsByOwner(own, { programId: address(programId) }, { encoding: 'jsonParsed' }).send(),
    );
    if (!Array.isArray(reply?.value))
      throw new SourceError(SOURCE, 'malformed', 'a token account list that is not a list');
    tokenAccounts.push(...reply.value.map((a) => String(a.pubkey)));
  }
  const bySignature = new Map<string, { signature: Signature; slot: number }>();
  for (const account of [own, ...tokenAccounts]) {
    for (const s of await signaturesOf(rpc, options, address(account))) bySignature.set(s.signature, s);
    await options.onProgress?.(`Found ${bySignature.size} transactions`);
  }
  const signatures = [...bySignature.values()].sort((a, b) => b.slot - a.slot);
  const lines: string[][] = [];
  let latestSlot: number | null = null;
  for (const [i, { signature, slot }] of signatures.reverse().entries()) {
    const tx = await call(options, () =>
      rpc
        .getTransaction(signature, {
          encoding: 'jsonParsed',
          maxSupportedTransactionVersion: 0,
          commitment: 'finalized',
        })
        .send(),
    );
    if (!tx?.meta || !tx.transaction?.message?.accountKeys)
      throw new SourceError(SOURCE, 'malformed', `transaction ${signature} without its meta or accounts`);
    latestSlot = Math.max(latestSlot ?? 0, slot);
    lines.push(
      ...transferLines(own, signature, {
        blockTime: tx.blockTime,
        meta: tx.meta,
        accountKeys: tx.transaction.message.accountKeys,
      }),
    );
    if ((i + 1) % 100 === 0) await options.onProgress?.(`Read ${i + 1} of ${signatures.length} transactions`);
  }
  const csv = stringify(lines, {
    header: true,
    columns: [
      'Signature',
      'Block Time',
      'Action',
      'From',
      'To',
      'Amount',
      'Decimals',
      'Token Address',
      'Flow',
      'Value',
    ],
  });
  return { csv, transactions: signatures.length, rows: lines.length, latestSlot };
}

type Rpc = ReturnType<typeof createSolanaRpc>;

/** An account's signatures newer than `afterSlot`, newest first, paged with `before`. */
async function signaturesOf(rpc: Rpc, options: SolanaHistoryOptions, account: Address) {
  const out: { signature: Signature; slot: number }[] = [];
  let before: Signature | undefined;
  for (;;) {
    const page = await call(options, () =>
      rpc
        .getSignaturesForAddress(account, {
          limit: PAGE,
          ...(before ? { before } : {}),
          commitment: 'finalized',
        })
        .send(),
    );
    if (!Array.isArray(page))
      throw new SourceError(SOURCE, 'malformed', 'a signature list that is not a list');
    const fresh = page.filter((s) => options.afterSlot === undefined || Number(s.slot) > options.afterSlot);
    out.push(...fresh.map((s) => ({ signature: s.signature, slot: Number(s.slot) })));
    if (page.length < PAGE || fresh.length < page.length) return out;
    before = page.at(-1)?.signature;
  }
}

interface ParsedTransaction {
  blockTime: bigint | number | null;
  meta: {
    fee: bigint | number;
    preBalances: readonly (bigint | number)[];
    postBalances: readonly (bigint | number)[];
    preTokenBalances?: readonly TokenBalance[] | null;
    postTokenBalances?: readonly TokenBalance[] | null;
  };
  accountKeys: readonly { pubkey: string }[];
}

/** The address's lines of one transaction: its fee (when it paid it), SOL and token changes. */
function transferLines(own: Address, signature: string, tx: ParsedTransaction): string[][] {
  const time = String(tx.blockTime ?? '');
  if (!time) throw new SourceError(SOURCE, 'malformed', `transaction ${signature} without a block time`);
  const line = (action: string, amount: Decimal, decimals: number, mint: string) => {
    const out = amount.isNegative();
    return [
      signature,
      time,
      action,
      out ? own : '',
      out ? '' : own,
      amount.abs().toFixed(),
      String(decimals),
      mint,
      action === 'FEE' || out ? 'out' : 'in',
      '',
    ];
  };
  const out: string[][] = [];
  const keys = tx.accountKeys.map((k) => String(k.pubkey));
  const index = keys.indexOf(own);
  if (index >= 0) {
    const fee = index === 0 ? new Decimal(String(tx.meta.fee)) : new Decimal(0);
    const change = new Decimal(String(tx.meta.postBalances[index] ?? 0))
      .minus(String(tx.meta.preBalances[index] ?? 0))
      .plus(fee);
    if (!fee.isZero()) out.push(line('FEE', fee.neg(), 9, NATIVE_SOL));
    if (!change.isZero()) out.push(line('TRANSFER', change, 9, NATIVE_SOL));
  }
  // Token accounts the address owns: post minus pre, per mint.
  const byMint = new Map<string, { change: Decimal; decimals: number }>();
  const add = (balances: readonly TokenBalance[] | null | undefined, sign: 1 | -1) => {
    for (const b of balances ?? []) {
      if (b.owner !== own) continue;
      const got = byMint.get(b.mint) ?? { change: new Decimal(0), decimals: b.uiTokenAmount.decimals };
      got.change = got.change.plus(new Decimal(b.uiTokenAmount.amount).times(sign));
      byMint.set(b.mint, got);
    }
  };
  add(tx.meta.postTokenBalances, 1);
  add(tx.meta.preTokenBalances, -1);
  for (const [mint, { change, decimals }] of byMint)
    if (!change.isZero()) out.push(line('TRANSFER', change, decimals, mint));
  return out;
}
