import { Decimal } from '../core/decimal.ts';
import { fiat, money, tx } from '../core/records.ts';
import type { FormatDefinition } from '../core/types.ts';

/**
 * Solscan account "Export transfers" (§7.2): raw integer amounts in base units (÷ 10^Decimals),
 * `Flow` in/out relative to the exported address, mints instead of symbols, `Value` in USD.
 */
const MINTS: Record<string, string> = {
  So11111111111111111111111111111111111111111: 'SOL',
  So11111111111111111111111111111111111111112: 'SOL',
  EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: 'USDC',
  Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB: 'USDT',
  mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So: 'MSOL',
  JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN: 'JUP',
};
const STAKE_PROGRAM = /^Stake1{5,}/;

export const solscanTransfers: FormatDefinition = {
  id: 'solscan-transfers',
  label: 'Solscan transfers export',
  detect: (cells) => cells[0] === 'Signature' && cells.includes('Block Time'),
  required: ['Signature', 'Block Time', 'Amount', 'Decimals', 'Token Address'],
  create: (_h, ctx) => ({
    row(row) {
      const raw = row.reqAmount('Amount');
      const decimals = row.reqAmount('Decimals');
      if (!decimals.isInteger() || decimals.isNegative() || decimals.gt(30)) {
        throw row.problem('Decimals', `"${row.text('Decimals')}" is not a valid number of decimals`);
      }
      const amount = raw.div(new Decimal(10).pow(decimals.toNumber()));
      const mint = row.req('Token Address');
      const asset = MINTS[mint] ?? mint;
      const flow = (row.opt('Flow') ?? '').toLowerCase();
      const from = row.opt('From');
      const to = row.opt('To');
      const own = ctx.options.address;
      const out = flow ? flow === 'out' : own ? from === own : false;
      if (!flow && !own)
        throw row.problem('Flow', 'no Flow column: pass --address to tell incoming from outgoing');
      const action = row.text('Action').toUpperCase();
      const leg = money(asset, amount);
      const base = {
        timestamp: row.time('Block Time', 'unix'),
        lines: [row.line],
        tx_hash: row.opt('Signature'),
        from_address: from,
        to_address: to,
        fiat_value: fiat('USD', row.amount('Value')),
        note: action || null,
        // A token's mint is its identity; native SOL has none to add.
        token_contract: asset === 'SOL' ? null : `solana:${mint}`,
      };
      if (amount.isZero()) return ctx.skip(base.lines, 'zero-amount transfer');
      // Not in Solscan's own export: the network fee line Lotwise writes for a wallet read by RPC.
      if (action === 'FEE')
        return ctx.emit(tx({ ...base, kind: 'fee', subtype: 'network fee', fee: leg, fiat_value: null }));
      if (action === 'BURN')
        return ctx.emit(tx({ ...base, kind: 'fee', subtype: 'burn', fee: leg, fiat_value: null }));
      if (!out && from && STAKE_PROGRAM.test(from)) {
        return ctx.emit(tx({ ...base, kind: 'income', subtype: 'staking', received: leg }));
      }
      ctx.emit(
        tx({
          ...base,
          kind: out ? 'withdrawal' : 'deposit',
          sent: out ? leg : null,
          received: out ? null : leg,
        }),
      );
    },
  }),
};
