import type { TransactionKind } from '@lotwise/contracts/normalised';
import { Decimal } from '../core/decimal.ts';
import { combineLegs, type Leg } from '../core/pairs.ts';
import { feeOf, money, tx } from '../core/records.ts';
import { RowProblem } from '../core/row.ts';
import type { FormatDefinition } from '../core/types.ts';
import { krakenAsset } from './kraken-assets.ts';

/**
 * Kraken ledgers.csv (§4.1), legacy and 2024+ (`subclass`, `wallet`) layouts, any column subset.
 * Legs of one trade / spend+receive / conversion share `refid` and are combined at the end.
 * KFEE is Kraken's fee-credit promotion, not an asset: its rows are kept out of the records.
 */
const GROUPED = new Set(['trade', 'spend', 'receive', 'adjustment']);
const INTERNAL_SUBTYPES = new Set([
  'spottostaking',
  'stakingfromspot',
  'stakingtospot',
  'spotfromstaking',
  'spottofutures',
  'spotfromfutures',
  'allocation',
  'deallocation',
  'autoallocation',
  'autoallocate',
  'migration',
]);
const INCOME: Record<string, string> = {
  staking: 'staking',
  'invite bonus': 'referral',
  dividend: 'dividend',
};
const EARN: Record<string, string> = { reward: 'reward', airdrop: 'airdrop', '': 'reward' };
const MARGIN = new Set(['margin', 'margin trade', 'rollover', 'settled', 'sale', 'credit', 'nft']);

/**
 * Kraken fee credits (KFEE, a promotion: 1,000 credits = 10 USD of fees) that paid a trade's
 * fee. The credits cost the user nothing, so the fee they paid is no cost of the trade: the
 * record says so and its fee stays empty (valued at 0).
 */
function kfeeNote(credits: Decimal): string {
  const usd = credits.div(100).toFixed(2);
  return `Fee of ${credits.toFixed()} KFEE paid with Kraken fee credits (${usd} USD nominal at 0.01 USD each): promotional credits, valued at 0 (not a cost)`;
}

export const krakenLedgers: FormatDefinition = {
  id: 'kraken-ledgers',
  label: 'Kraken ledgers.csv',
  detect: (cells) => cells[0] === 'txid' && cells[1] === 'refid' && cells[2] === 'time',
  required: ['txid', 'refid', 'time', 'type', 'asset', 'amount'],
  create: (_h, ctx) => {
    const groups = new Map<
      string,
      { legs: Leg[]; lines: number[]; time: string; first: number; kind: string; kfee: Decimal }
    >();
    return {
      row(row) {
        const lines = [row.line];
        if (row.opt('txid') === null) {
          ctx.skip(lines, 'pending ledger entry (empty txid); the confirmed entry follows');
          return;
        }
        const type = row.req('type').toLowerCase();
        const subtype = (row.opt('subtype') ?? '').toLowerCase();
        const time = row.time('time');
        const rawAsset = row.req('asset');
        const asset = krakenAsset(rawAsset);
        const amount = row.reqAmount('amount');
        const fee = row.amount('fee');
        const refid = row.req('refid');
        if (GROUPED.has(type) || subtype === 'delistingconversion') {
          const g = groups.get(refid) ?? {
            legs: [],
            lines: [],
            time,
            first: row.line,
            kind: subtype === 'delistingconversion' ? 'adjustment' : type,
            kfee: new Decimal(0),
          };
          g.lines.push(row.line);
          // Fee credits pay the trade's fee: they stay on its record, not a leg of it.
          if (asset === 'KFEE') g.kfee = g.kfee.plus(amount.abs()).plus(fee?.abs() ?? 0);
          else g.legs.push({ line: row.line, asset, amount, fee });
          groups.set(refid, g);
          return;
        }
        if (asset === 'KFEE') {
          ctx.skip(lines, 'Kraken fee credits (KFEE) are a promotion, not an asset');
          return;
        }
        if (MARGIN.has(type)) {
          ctx.skip(lines, `margin/derivatives entry "${type}" is not supported for spot tax reporting`);
          return;
        }
        if (INTERNAL_SUBTYPES.has(subtype) && (type === 'transfer' || type === 'earn')) {
          ctx.skip(lines, `internal move between Kraken wallets (${type}/${subtype})`);
          return;
        }
        const base = { timestamp: time, lines, external_id: refid };
        const leg = money(asset, amount);
        const out = amount.isNegative();
        let kind: TransactionKind;
        let sub: string | null = null;
        if (type === 'deposit' || type === 'withdrawal') {
          kind = out ? 'withdrawal' : 'deposit';
          sub = (type === 'deposit') === out ? 'reversal' : null;
        } else if (INCOME[type] !== undefined || (type === 'earn' && EARN[subtype] !== undefined)) {
          kind = 'income';
          sub = INCOME[type] ?? EARN[subtype] ?? null;
        } else if (type === 'transfer' && subtype === '') {
          [kind, sub] = out ? ['spend', 'delisting'] : ['income', 'airdrop'];
        } else {
          throw row.problem('type', `unknown Kraken ledger type "${type}"${subtype ? `/${subtype}` : ''}`);
        }
        ctx.emit(
          tx({
            ...base,
            kind,
            subtype: sub,
            sent: out ? leg : null,
            received: out ? null : leg,
            fee: feeOf(asset, fee),
          }),
        );
      },
      end() {
        for (const [refid, g] of groups) {
          ctx.guard(g.first, () => {
            const out = combineLegs(
              g.legs,
              [],
              { timestamp: g.time, external_id: refid },
              { requireBoth: g.kind !== 'adjustment' },
            );
            if (!out || out.length === 0) {
              throw new RowProblem(
                'refid',
                `cannot combine the ledger entries of ${refid} into one trade (one side missing or more than two assets)`,
              );
            }
            for (const t of out)
              ctx.emit({
                ...t,
                ...(g.kfee.gt(0) ? { note: kfeeNote(g.kfee) } : {}),
                source_lines: [...new Set([...t.source_lines, ...g.lines])].sort((a, b) => a - b),
              });
          });
        }
      },
    };
  },
};
