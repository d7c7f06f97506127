import type { Finding } from '@lotwise/contracts/review/review';
import type { FindingWizard } from '@lotwise/contracts/review/wizards';
import { isFiat } from '@lotwise/engine/assets';
import { incomeType } from '@lotwise/engine/income-types';
import { classificationOf } from '@lotwise/engine/label-classification';
import { matchTransfers } from '@lotwise/engine/transfer-matching';
import type { EngineTransaction } from '@lotwise/engine/types';
import Decimal from 'decimal.js';
import type { CandidateRow } from './candidates.repo.ts';
import { FORK_WINDOW_DAYS, FORKS } from './forks.ts';

export interface FlaggedRow extends CandidateRow {
  shortfall: string | null;
  userDefinedType: string | null;
  manualPrice: boolean;
  /** The row's own value and its currency, when the file gave one. */
  fiatValue: string | null;
  fiatCurrency: string | null;
}

/** What findings are computed from; the calculation's parts are null before any calculation. */
export interface ReviewInputs {
  undecided: CandidateRow[];
  missingPrice: FlaggedRow[] | null;
  sellWithoutBuy: FlaggedRow[] | null;
  missingBasis: ReadonlySet<number> | null;
  /** Account (import history) id → name. */
  accounts: ReadonlyMap<number, string>;
  /** The user's reporting currency (what a missing rate converts into). */
  currency: string;
}

export type Findings = Record<FindingWizard, Finding[]>;

/** Classifications a file's label gives that are income on receipt. */
const INCOME = new Set([
  'staking_reward',
  'interest_received',
  'misc_reward',
  'mined',
  'masternode',
  'dividend_received',
  'payment',
]);

/**
 * The income type a row of kind `income` is, from its sub-type when no label names it (the
 * engine counts such rows as income already; confirming records the type).
 */
export function incomeTypeOf(row: Pick<CandidateRow, 'subtype'>, labelled: string | null): string {
  if (labelled) return labelled;
  const type = incomeType(row.subtype);
  return type && type !== 'income' ? type : 'misc_reward';
}

const plain = (v: string | null) => (v === null ? '0' : new Decimal(v).toFixed());
const day = (timestamp: string) => timestamp.slice(0, 10);

function legOf(row: CandidateRow): { asset: string; amount: string } | null {
  if (row.received_asset && row.received_amount !== null)
    return { asset: row.received_asset, amount: row.received_amount };
  if (row.sent_asset && row.sent_amount !== null) return { asset: row.sent_asset, amount: row.sent_amount };
  return null;
}

function labelClass(row: CandidateRow): string | null {
  const sent = row.sent_asset && row.sent_amount ? { asset: row.sent_asset, amount: row.sent_amount } : null;
  const received =
    row.received_asset && row.received_amount
      ? { asset: row.received_asset, amount: row.received_amount }
      : null;
  return classificationOf({ sent, received, label: row.label, subtype: row.subtype });
}

/** Days from a to b (YYYY-MM-DD). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * Every finding of the user's data, per wizard. Self-transfer candidates are the engine's
 * transfer matching over the undecided crypto deposits and withdrawals (hash, then asset,
 * time and amount); what is left of those rows is asked about by direction, and rows a
 * calculation flagged come from its statuses and warnings.
 */
export function computeFindings(inputs: ReviewInputs): Findings {
  const account = (id: number) => inputs.accounts.get(id) ?? `account #${id}`;
  const out: Findings = {
    PricingWizard: [],
    SentGiftorPurchase: [],
    MarkForkTransactions: [],
    ConfirmAllTransaction: [],
    MissingSendWizard: [],
    MissingReceiveWizard: [],
    SelfTransferWizard: [],
  };
  const base = (row: CandidateRow) => {
    const leg = legOf(row);
    return {
      transaction_ids: [row.id],
      date: row.timestamp,
      asset: leg?.asset ?? '',
      amount: plain(leg?.amount ?? null),
      account: account(row.import_history_id),
      counterpart: null,
    };
  };

  // Likely transfers between the user's accounts.
  const classes = new Map(inputs.undecided.map((r) => [r.id, labelClass(r)]));
  const transfers: EngineTransaction[] = inputs.undecided
    .filter((r) => r.kind === 'deposit' || r.kind === 'withdrawal')
    .map((r) => ({
      id: String(r.id),
      wallet: account(r.import_history_id),
      timestamp: r.timestamp,
      kind: r.kind,
      sent: r.sent_asset && r.sent_amount !== null ? { asset: r.sent_asset, amount: r.sent_amount } : null,
      received:
        r.received_asset && r.received_amount !== null
          ? { asset: r.received_asset, amount: r.received_amount }
          : null,
      fee: r.fee_asset && r.fee_amount !== null ? { asset: r.fee_asset, amount: r.fee_amount } : null,
      tx_hash: r.tx_hash,
      classification: classes.get(r.id) ?? null,
    }));
  const byId = new Map(inputs.undecided.map((r) => [r.id, r]));
  const halves = new Map<string, EngineTransaction[]>();
  for (const tx of matchTransfers(transfers)) {
    if (!tx.pairId?.startsWith('auto:')) continue;
    halves.set(tx.pairId, [...(halves.get(tx.pairId) ?? []), tx]);
  }
  const paired = new Set<number>();
  for (const [, pair] of halves) {
    const sent = pair.find((t) => t.kind === 'withdrawal');
    const got = pair.find((t) => t.kind === 'deposit');
    if (!sent || !got) continue;
    const out_ = byId.get(Number(sent.id))!;
    const in_ = byId.get(Number(got.id))!;
    paired.add(out_.id);
    paired.add(in_.id);
    const sentAmount = new Decimal(out_.sent_amount ?? '0').plus(
      out_.fee_asset === out_.sent_asset && out_.fee_amount !== null ? out_.fee_amount : '0',
    );
    const lost = sentAmount.minus(in_.received_amount ?? '0');
    out.SelfTransferWizard.push({
      ...base(out_),
      id: `self_transfer:${out_.id}:${in_.id}`,
      wizard: 'SelfTransferWizard',
      transaction_ids: [out_.id, in_.id],
      counterpart: {
        transaction_id: in_.id,
        date: in_.timestamp,
        amount: plain(in_.received_amount),
        account: account(in_.import_history_id),
      },
      detail: `${plain(out_.sent_amount)} ${out_.sent_asset} left ${account(out_.import_history_id)} on ${day(out_.timestamp)} and ${plain(in_.received_amount)} arrived in ${account(in_.import_history_id)} on ${day(in_.timestamp)}${lost.gt(0) ? ` (${lost.toFixed()} paid on the way)` : ''}.`,
      suggested: 'confirm',
    });
  }

  for (const row of inputs.undecided) {
    if (paired.has(row.id)) continue;
    const leg = legOf(row);
    if (!leg || isFiat(leg.asset.toUpperCase())) continue;
    const cls = classes.get(row.id) ?? null;
    if (row.kind === 'withdrawal') {
      if (cls !== null) continue;
      out.SentGiftorPurchase.push({
        ...base(row),
        id: `withdrawal:${row.id}`,
        wizard: 'SentGiftorPurchase',
        detail: `${plain(leg.amount)} ${leg.asset} left ${account(row.import_history_id)} on ${day(row.timestamp)}; no deposit in another of your accounts matches it.`,
        suggested: null,
      });
      continue;
    }
    const fork = FORKS[leg.asset.toUpperCase()];
    const sinceFork = fork ? daysBetween(fork.day, day(row.timestamp)) : -1;
    const subtype = (row.subtype ?? '').toLowerCase();
    const named =
      cls === 'fork' || cls === 'airdrop'
        ? cls
        : subtype === 'fork' || subtype === 'airdrop'
          ? subtype
          : null;
    if ((fork && sinceFork >= 0 && sinceFork <= FORK_WINDOW_DAYS && cls === null) || named !== null) {
      out.MarkForkTransactions.push({
        ...base(row),
        id: `fork:${row.id}`,
        wizard: 'MarkForkTransactions',
        detail:
          named !== null
            ? `${plain(leg.amount)} ${leg.asset} arrived on ${day(row.timestamp)}; your file calls it ${named === 'fork' ? 'a fork' : 'an airdrop'}.`
            : `${plain(leg.amount)} ${leg.asset} arrived on ${day(row.timestamp)}, ${sinceFork} days after ${leg.asset} split from ${fork!.from} (${fork!.day}).`,
        suggested: named === 'airdrop' ? 'airdrop' : 'fork',
      });
      continue;
    }
    if ((cls !== null && INCOME.has(cls)) || (row.kind === 'income' && cls === null)) {
      out.ConfirmAllTransaction.push({
        ...base(row),
        id: `income:${row.id}`,
        wizard: 'ConfirmAllTransaction',
        detail: `${plain(leg.amount)} ${leg.asset} on ${day(row.timestamp)}: your file calls it "${row.label ?? row.subtype ?? cls ?? 'income'}", income at its value that day.`,
        suggested: 'confirm',
      });
      continue;
    }
    if (row.kind === 'deposit' && cls === null && inputs.missingBasis?.has(row.id)) {
      out.MissingSendWizard.push({
        ...base(row),
        id: `deposit:${row.id}`,
        wizard: 'MissingSendWizard',
        detail: `${plain(leg.amount)} ${leg.asset} arrived in ${account(row.import_history_id)} on ${day(row.timestamp)}; no withdrawal from your accounts matches it, so its cost basis is unknown (taken as zero).`,
        suggested: null,
      });
    }
  }

  for (const row of inputs.missingPrice ?? []) {
    if (row.manualPrice) continue;
    const crypto = cryptoLegOf(row);
    out.PricingWizard.push({
      ...base(row),
      asset: crypto?.asset ?? legOf(row)?.asset ?? '',
      amount: plain(crypto?.amount ?? legOf(row)?.amount ?? null),
      id: `price:${row.id}`,
      wizard: 'PricingWizard',
      detail: missingPriceDetail(row, crypto, inputs.currency.toUpperCase()),
      suggested: null,
    });
  }

  out.MissingReceiveWizard = negativeBalances(inputs.sellWithoutBuy ?? [], account);
  return out;
}

/** The row's crypto leg (received first): what a missing price is about. */
function cryptoLegOf(row: CandidateRow): { asset: string; amount: string } | null {
  if (row.received_asset && row.received_amount !== null && !isFiat(row.received_asset.toUpperCase()))
    return { asset: row.received_asset, amount: row.received_amount };
  if (row.sent_asset && row.sent_amount !== null && !isFiat(row.sent_asset.toUpperCase()))
    return { asset: row.sent_asset, amount: row.sent_amount };
  return null;
}

/**
 * What is missing, said of the right thing: a row valued in another fiat currency lacks that
 * currency's rate (and its coin's price as the fallback), not merely "a price for ETH".
 */
function missingPriceDetail(row: FlaggedRow, crypto: { asset: string } | null, currency: string): string {
  const on = day(row.timestamp);
  let own: { currency: string; amount: string } | null = null;
  const fiatCurrency = (row.fiatCurrency ?? '').toUpperCase();
  if (row.fiatValue !== null && fiatCurrency !== '' && fiatCurrency !== currency)
    own = { currency: fiatCurrency, amount: row.fiatValue };
  else if (row.fiatValue === null) {
    for (const [asset, amount] of [
      [row.sent_asset, row.sent_amount],
      [row.received_asset, row.received_amount],
    ] as const) {
      const code = (asset ?? '').toUpperCase();
      if (amount !== null && isFiat(code) && code !== currency) own = { currency: code, amount };
    }
  }
  if (own === null) {
    return `We could not determine a fair market value for ${crypto?.asset ?? 'this coin'} on ${on}.`;
  }
  return `No ${own.currency}→${currency} rate on ${on} to convert its ${plain(own.amount)} ${own.currency}${crypto ? `, and no ${currency} price for ${crypto.asset} that day` : ''}. Load a price file with either (e.g. "${on},${own.currency},<rate>,${currency}"), or add the value by hand.`;
}

/** Sales without enough units, one finding per asset and wallet, traced to the first of them. */
function negativeBalances(rows: readonly FlaggedRow[], account: (id: number) => string): Finding[] {
  const groups = new Map<string, FlaggedRow[]>();
  for (const row of rows) {
    if (row.userDefinedType !== null) continue;
    const asset = row.sent_asset ?? row.fee_asset ?? '';
    const key = `${asset}:${row.import_history_id}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups].map(([key, list]) => {
    const first = list[0]!;
    const asset = key.slice(0, key.lastIndexOf(':'));
    const short = list.reduce((sum, r) => sum.plus(r.shortfall ?? '0'), new Decimal(0));
    return {
      id: `negative_balance:${key}`,
      wizard: 'MissingReceiveWizard' as const,
      transaction_ids: list.map((r) => r.id),
      date: first.timestamp,
      asset,
      amount: short.toFixed(),
      account: account(first.import_history_id),
      counterpart: null,
      detail: `There was not enough ${asset} in your ${account(first.import_history_id)} wallet to accommodate ${list.length === 1 ? 'this transaction' : `${list.length} transactions`} (first on ${day(first.timestamp)}, ${short.toFixed()} ${asset} short). The result is a negative balance ... The current taxes are calculated using a $0 cost basis and may be higher than necessary.`,
      suggested: null,
    };
  });
}
