import type { TransactionKind } from '@lotwise/contracts/normalised';
import { combineLegs, type Leg } from '../core/pairs.ts';
import { exchange, fiat, money, tx } from '../core/records.ts';
import { RowProblem } from '../core/row.ts';
import type { FormatDefinition } from '../core/types.ts';

/**
 * Crypto.com App crypto-wallet export (§6.4). `Transaction Kind` decides; Native Amount is the
 * fiat value (its sign is inconsistent, so absolute). Dust conversions and MCO→CRO swaps are
 * credited/debited rows at one timestamp and are paired. Rows are newest-first; order is rebuilt.
 */
const PURCHASE =
  /^(crypto_purchase|viban_purchase|van_purchase|recurring_buy_order|trading\.crypto_purchase\..*)$/;
const EXCHANGE =
  /^(crypto_exchange|crypto_viban_exchange|crypto_to_van_sell_order|trading\.limit_order\.crypto_wallet\.exchange|.*_commit)$/;
const PAIRED =
  /^(dust_conversion_(credited|debited)|lockup_swap_.*|dynamic_coin_swap_.*|crypto_wallet_swap_.*|interest_swap_.*)$/;
const INTERNAL =
  /^(crypto_earn_program_(created|withdrawn)|lockup_(lock|unlock|upgrade)|finance\.lockup\.dpos_lock\..*|finance\.dpos\.(staking|unstaking)\..*|supercharger_(deposit|withdrawal)|council_node_deposit_created|card_top_up|trading\.limit_order\..*_(lock|unlock))$/;
const SIMPLE: Record<string, { kind: TransactionKind; subtype: string | null }> = {
  crypto_deposit: { kind: 'deposit', subtype: null },
  crypto_withdrawal: { kind: 'withdrawal', subtype: null },
  exchange_to_crypto_transfer: { kind: 'deposit', subtype: 'transfer from Crypto.com Exchange' },
  crypto_to_exchange_transfer: { kind: 'withdrawal', subtype: 'transfer to Crypto.com Exchange' },
  crypto_payment: { kind: 'spend', subtype: 'payment' },
  crypto_payment_refund: { kind: 'deposit', subtype: 'refund' },
  card_cashback_reverted: { kind: 'spend', subtype: 'cashback reverted' },
  reimbursement_reverted: { kind: 'spend', subtype: 'reimbursement reverted' },
};

function incomeSubtype(kind: string): string | null {
  if (/earn_.*interest|interest_paid|loyalty_program/.test(kind)) return 'interest';
  if (/dpos|stake_reward/.test(kind)) return 'staking';
  if (/cashback/.test(kind)) return 'cashback';
  if (/^referral/.test(kind)) return 'referral';
  if (/reward|reimbursement|gift_card|campaign|admin_wallet_credited|rewards_platform/.test(kind))
    return 'reward';
  return null;
}

export const cryptocomApp: FormatDefinition = {
  id: 'cryptocom-app',
  label: 'Crypto.com App transactions',
  detect: (cells) => cells[0] === 'Timestamp (UTC)' && cells.includes('Transaction Description'),
  required: ['Timestamp (UTC)', 'Currency', 'Amount', 'Transaction Kind'],
  create: (_h, ctx) => {
    const groups = new Map<
      string,
      { legs: Leg[]; first: number; time: string; value: { currency: string; amount: string } | null }
    >();
    return {
      row(row) {
        const kind = row.req('Transaction Kind');
        const lines = [row.line];
        if (INTERNAL.test(kind)) return ctx.skip(lines, `internal move inside Crypto.com (${kind})`);
        const timestamp = row.time('Timestamp (UTC)');
        const currency = row.req('Currency');
        const amount = row.reqAmount('Amount');
        const nativeCur = row.opt('Native Currency');
        const value = nativeCur ? fiat(nativeCur, row.amount('Native Amount')) : null;
        const base = {
          timestamp,
          lines,
          tx_hash: row.opt('Transaction Hash'),
          note: row.opt('Transaction Description'),
          fiat_value: value,
        };
        if (PAIRED.test(kind)) {
          const key = `${timestamp}|${kind.replace(/_(credited|debited)$/, '')}`;
          const g = groups.get(key) ?? { legs: [], first: row.line, time: timestamp, value: null };
          g.legs.push({ line: row.line, asset: currency.toUpperCase(), amount });
          if (amount.isNegative()) g.value = value;
          groups.set(key, g);
          return;
        }
        const toCur = row.opt('To Currency');
        const toAmount = row.amount('To Amount');
        if (PURCHASE.test(kind) || EXCHANGE.test(kind)) {
          if (toCur && toAmount !== null) {
            return ctx.emit(
              exchange({ ...base, sent: money(currency, amount), received: money(toCur, toAmount) }),
            );
          }
          // Card purchases list only the crypto bought; the fiat leg is the native amount.
          if (PURCHASE.test(kind) && value) {
            return ctx.emit(
              exchange({
                ...base,
                sent: money(value.currency, row.reqAmount('Native Amount')),
                received: money(currency, amount),
              }),
            );
          }
          throw row.problem('To Currency', `${kind} needs To Currency and To Amount`);
        }
        const simple = SIMPLE[kind];
        const subtype = incomeSubtype(kind);
        const out = amount.isNegative();
        let k: TransactionKind;
        let sub: string | null;
        if (simple) [k, sub] = [simple.kind, simple.subtype];
        else if (kind === 'crypto_transfer') [k, sub] = out ? ['spend', 'gift'] : ['deposit', 'gift'];
        else if (subtype) [k, sub] = out ? ['spend', `${subtype} reverted`] : ['income', subtype];
        else throw row.problem('Transaction Kind', `unknown Crypto.com transaction kind "${kind}"`);
        const leg = money(currency, amount);
        const outgoing = k === 'withdrawal' || k === 'spend';
        ctx.emit(
          tx({
            ...base,
            kind: k,
            subtype: sub,
            sent: outgoing ? leg : null,
            received: outgoing ? null : leg,
          }),
        );
      },
      end() {
        for (const g of groups.values()) {
          ctx.guard(g.first, () => {
            const out = combineLegs(
              g.legs,
              [],
              { timestamp: g.time, subtype: 'dust', fiat_value: g.value },
              { requireBoth: true },
            );
            if (!out)
              throw new RowProblem(
                'Amount',
                'conversion rows at this time do not pair into one debit and one credit',
              );
            for (const t of out) ctx.emit(t);
          });
        }
      },
    };
  },
};
