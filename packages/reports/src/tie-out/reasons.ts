import { Dec, formMoney } from '../money.ts';
import { centsOf, decimalText, moneyText } from './cents.ts';
import type { Match } from './match.ts';
import type { BrokerLine, LotwiseDisposal, Reason, SaleElsewhere } from './types.ts';

/** "$1,234.50", "$(17,000.00)": cents (bigint), or a decimal text. */
const money = (v: bigint | string) => `$${typeof v === 'bigint' ? moneyText(v) : formMoney(v)}`;
const describe = (line: BrokerLine) =>
  `${line.units === null ? '' : `${new Dec(line.units).toFixed()} `}${line.asset} sold ${line.date_sold}`;

/** The figures of a tied line, in cents (exact, in bigint), that the reasons are worked out from. */
export interface Figures {
  brokerProceeds: bigint;
  brokerBasis: bigint | null;
  lotwiseProceeds: bigint;
  lotwiseBasis: bigint;
}

/** Why the proceeds differ: the sale's fee (gross vs net), else how Lotwise valued the sale. */
export function proceedsReasons(m: Match, f: Figures): Reason[] {
  const gap = f.brokerProceeds - f.lotwiseProceeds;
  const size = gap < 0n ? -gap : gap;
  const fee = centsOf(
    m.disposals
      .reduce((s, d) => (d.fee === null ? s : s.plus(d.fee)), new Dec(0))
      .toDecimalPlaces(2)
      .toFixed(2),
  );
  if (fee !== 0n && size === fee) {
    const gross = gap >= 0n;
    return [
      {
        code: 'fees',
        text: gross
          ? `The broker reports proceeds of ${money(f.brokerProceeds)} before the ${money(fee)} fee (gross${m.broker.proceeds_type === 'gross' ? ', box 3a' : ''}); Lotwise counts ${money(f.lotwiseProceeds)}, net of it. On Form 8949 the fee is an adjustment (code E).`
          : `The broker reports proceeds of ${money(f.brokerProceeds)} net of the ${money(fee)} fee; Lotwise counts ${money(f.lotwiseProceeds)} and the fee separately.`,
      },
    ];
  }
  const missing = m.disposals.some((d) => d.missingPrice);
  return [
    {
      code: 'proceeds_value',
      text: missing
        ? `Lotwise has no price for this sale, so its proceeds are unknown; the broker reports ${money(f.brokerProceeds)}. Add the price and recalculate.`
        : `The broker reports proceeds of ${money(f.brokerProceeds)}; Lotwise values the sale at ${money(f.lotwiseProceeds)} (${money(size)} ${gap >= 0n ? 'less' : 'more'}). Check the sale's price and amount in Lotwise.`,
    },
  ];
}

/** Why the basis differs, from the lots Lotwise used and what the broker says it knows. */
export function basisReasons(
  m: Match,
  f: Figures,
  options: { method?: string; year: number; lotWallet?: (id: string) => string | null },
): Reason[] {
  const line = m.broker;
  const out: Reason[] = [];
  if (f.brokerBasis === null) {
    out.push(
      line.noncovered
        ? {
            code: 'noncovered',
            text: `The broker marks these units noncovered (box 9) and reports no basis; your basis is Lotwise's ${money(f.lotwiseBasis)}.`,
          }
        : {
            code: 'basis_blank',
            text: `The broker left the basis blank${line.basis_reported ? '' : ' and reported none to the IRS (box 2 unchecked; for 2025 sales brokers report proceeds only)'}; your basis is Lotwise's ${money(f.lotwiseBasis)}. Filed as it stands the whole ${money(f.brokerProceeds)} would be taxed as gain.`,
          },
    );
  }
  const uncovered = m.disposals.reduce(
    (s, d) => (d.sellWithoutBuy ? s.plus(d.sellWithoutBuy) : s),
    new Dec(0),
  );
  if (!uncovered.isZero()) {
    out.push({
      code: 'missing_acquisition',
      units: uncovered.toFixed(),
      text: `Lotwise has no purchase or deposit for ${uncovered.toFixed()} ${line.asset} of this sale, so it counts their basis as $0.00. Import the wallet they came from, or add the deposit with its basis.`,
    });
  }
  const lots = m.disposals.flatMap((d) => d.lots.map((lot) => ({ lot, wallet: d.wallet })));
  // A deposit no withdrawal of the user's matched: the engine opened it at $0 basis (":uncovered").
  const unmatched = lots.filter(
    ({ lot }) => lot.lotId?.endsWith(':uncovered') && new Dec(lot.costBasis).isZero(),
  );
  if (unmatched.length > 0) {
    const amount = unmatched.reduce((s, { lot }) => s.plus(lot.amount), new Dec(0));
    const days = [...new Set(unmatched.map(({ lot }) => lot.acquiredAt))].join(', ');
    out.push({
      code: 'deposit_without_basis',
      units: amount.toFixed(),
      text: `${amount.toFixed()} ${line.asset} came into this account on ${days} with no withdrawal from another of your wallets, so Lotwise counts their basis as $0.00. Import the wallet they came from: the transfer then carries their basis over.`,
    });
  }
  const moved = new Map<string, Dec>();
  for (const { lot, wallet } of lots) {
    const origin = lot.lotId === null ? null : (options.lotWallet?.(lot.lotId) ?? null);
    if (origin !== null && origin !== wallet && !lot.lotId?.endsWith(':uncovered'))
      moved.set(origin, (moved.get(origin) ?? new Dec(0)).plus(lot.amount));
  }
  for (const [wallet, amount] of moved) {
    out.push({
      code: 'transferred_in',
      wallet,
      text: `${amount.toFixed()} ${line.asset} came into this account from ${wallet}: the broker never saw them bought, so its basis for them is missing or wrong. Lotwise carries their basis over from ${wallet}.`,
    });
  }
  if (f.brokerBasis !== null && out.length === 0) {
    const early = lots.some(({ lot }) => lot.acquiredAt < '2025-01-01');
    out.push(
      early && options.year >= 2025
        ? {
            code: 'allocation',
            text: `Lotwise's basis (${money(f.lotwiseBasis)}) uses lots bought before 2025, placed in this account by your 2025 per-wallet allocation (safe harbor); the broker's ${money(f.brokerBasis)} comes from its own records of which lots you held there.`,
          }
        : {
            code: 'lot_choice',
            text: `Lotwise sold other lots than the broker (${options.method ?? 'your lot method'} in Lotwise; brokers usually use FIFO per account): ${money(f.lotwiseBasis)} against the broker's ${money(f.brokerBasis)}.`,
          },
    );
  }
  if (line.customer_provided)
    out.push({
      code: 'customer_provided',
      text: 'The broker based its figures on acquisition information you gave it (box 8).',
    });
  return out;
}

export function termReason(m: Match): Reason {
  const terms = [...new Set(m.disposals.map((d) => d.term))];
  const lotwise =
    terms.length > 1
      ? 'partly short-term and partly long-term'
      : `${terms[0] === 'long' ? 'long' : 'short'}-term`;
  return {
    code: 'term',
    text: `The broker reports the sale as ${m.broker.term}-term; by the lots Lotwise sold (acquired ${m.disposals.map((d) => d.acquiredAt).join(', ')}) it is ${lotwise}. Form 8949 reports it in the right part with code T.`,
  };
}

export function washSaleReason(line: BrokerLine): Reason | null {
  if (line.wash_sale_loss_disallowed === null || new Dec(line.wash_sale_loss_disallowed).isZero())
    return null;
  return {
    code: 'wash_sale',
    text: `The broker shows ${money(line.wash_sale_loss_disallowed)} of wash sale loss disallowed (box 1i). Lotwise applies no wash sale rule to digital assets that are not securities, so it does not disallow the loss; ask your tax adviser if the asset is a tokenized security.`,
  };
}

export function timezoneReason(m: Match): Reason {
  const d = m.disposals[0]!;
  const at = d.disposedTimestamp.replace('T', ' ').replace(/(:\d{2})(\.\d+)?Z$/, '$1');
  return {
    code: 'timezone',
    text: `The broker dates the sale ${m.broker.date_sold}; Lotwise has it at ${at} UTC, which is ${d.disposedAt} in your time zone. The same sale, dated in another time zone.`,
  };
}

/** The key a line on the form only looks its sale elsewhere up by: asset and day of sale. */
export const elsewhereKey = (line: BrokerLine) => `${line.asset.toUpperCase()}|${line.date_sold}`;

/**
 * The first sale of each asset and day (UTC and the user's zone) in the other accounts, of the
 * keys `wanted` (elsewhereKey; all when absent).
 */
export function salesByDay(
  disposals: readonly SaleElsewhere[],
  wanted?: ReadonlySet<string>,
): Map<string, SaleElsewhere> {
  const out = new Map<string, SaleElsewhere>();
  for (const d of disposals) {
    const asset = d.asset.toUpperCase();
    for (const day of [d.disposedAt, d.disposedTimestamp.slice(0, 10)]) {
      const key = `${asset}|${day}`;
      if (!out.has(key) && (!wanted || wanted.has(key))) out.set(key, d);
    }
  }
  return out;
}

/** A 1099-DA line with no sale in Lotwise: missing rows, or the sale sits in another account. */
export function formOnlyReasons(line: BrokerLine, elsewhere: ReadonlyMap<string, SaleElsewhere>): Reason[] {
  const other = elsewhere.get(elsewhereKey(line));
  if (other)
    return [
      {
        code: 'other_account',
        wallet: other.wallet,
        text: `Lotwise has a sale of ${other.amount} ${other.asset} that day in ${other.wallet}, not in ${line.account}. If it was this account's, the rows were imported into the wrong account.`,
      },
    ];
  return [
    {
      code: 'missing_rows',
      wallet: line.account,
      text: `Lotwise has no sale of ${describe(line)} in ${line.account}: its import is missing rows. Import the account's latest export (or add the sale).`,
    },
  ];
}

export function lotwiseOnlyReason(d: LotwiseDisposal): Reason {
  const fee = d.category === 'fee' || d.category === 'transfer_fee';
  return {
    code: 'not_on_form',
    text: fee
      ? `Units spent on a fee (${d.amount} ${d.asset}): brokers often leave these off the 1099-DA. It is reported in box I/L as not on a 1099.`
      : `The broker did not report this sale of ${decimalText(d.amount)} ${d.asset} on ${d.disposedAt}. Check the form is complete; otherwise it goes on Form 8949 as not reported on a 1099 (box I/L).`,
  };
}

export function aggregateReason(m: Match): Reason {
  return {
    code: 'aggregate',
    text: `An aggregate line for ${m.broker.aggregate === 'nft' ? 'specified NFTs' : 'qualifying stablecoins'} (box 11${m.broker.aggregate_transactions ? `c: ${m.broker.aggregate_transactions} transactions` : ''}), tied to the sum of Lotwise's ${m.disposals.length} ${m.broker.asset} sales in this account.`,
  };
}
