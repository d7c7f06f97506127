import { Decimal } from '../core/decimal.ts';
import { feeOf, money, tx } from '../core/records.ts';
import type { FormatDefinition } from '../core/types.ts';

/**
 * Electrum history export (§7.3), 3.3–4.5 and 4.6+ (on-chain + lightning) layouts. Outgoing
 * values include the network fee, so sent = |value| − fee. The asset is not in the file (BTC);
 * timestamps are the exporting computer's local time without a zone and are read as UTC.
 * `fiat_value` is not set: the file does not say which fiat currency it is in.
 */
export const electrumHistory: FormatDefinition = {
  id: 'electrum-history',
  label: 'Electrum wallet history',
  detect: (cells) =>
    (cells[0] === 'transaction_hash' && cells[1] === 'label') ||
    (cells[0] === 'oc_transaction_hash' && cells[1] === 'ln_payment_hash'),
  required: ['label', 'timestamp'],
  create: (header, ctx) => {
    const chainCol = header.has('amount_chain_bc') ? 'amount_chain_bc' : 'value';
    const sats = header.has('network_fee_satoshi');
    const feeCol = sats ? 'network_fee_satoshi' : header.has('network_fee_bc') ? 'network_fee_bc' : 'fee';
    return {
      row(row) {
        const chain = row.reqAmount(chainCol);
        const lightning = row.amount('amount_lightning_bc') ?? new Decimal(0);
        const rawFee = row.amount(feeCol) ?? new Decimal(0);
        const fee = sats ? rawFee.div(1e8) : rawFee;
        const hash =
          row.opt('oc_transaction_hash') ?? row.opt('transaction_hash') ?? row.opt('ln_payment_hash');
        const base = {
          timestamp: row.time('timestamp'),
          lines: [row.line],
          tx_hash: hash,
          note: row.opt('label'),
        };
        const net = chain.plus(lightning);
        if (net.isZero()) {
          // Channel open/close: funds move between our on-chain and lightning balances.
          if (fee.isZero())
            return ctx.skip(base.lines, 'internal move between on-chain and lightning balances');
          return ctx.emit(tx({ ...base, kind: 'fee', subtype: 'channel', fee: money('BTC', fee) }));
        }
        if (net.isPositive()) return ctx.emit(tx({ ...base, kind: 'deposit', received: money('BTC', net) }));
        // The chain fee is only part of an on-chain send; lightning payments carry no fee column.
        const onChainFee = chain.isNegative() ? fee : new Decimal(0);
        const sent = net.abs().minus(onChainFee);
        if (sent.isNegative()) throw row.problem(feeCol, 'fee is larger than the amount sent');
        // Only the fee left the wallet: a move between its own addresses, not a send.
        if (sent.isZero())
          return ctx.emit(
            tx({ ...base, kind: 'fee', subtype: 'self transfer', fee: money('BTC', onChainFee) }),
          );
        ctx.emit(
          tx({ ...base, kind: 'withdrawal', sent: money('BTC', sent), fee: feeOf('BTC', onChainFee) }),
        );
      },
    };
  },
};
