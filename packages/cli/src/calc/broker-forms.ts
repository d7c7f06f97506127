import { readFileSync } from 'node:fs';
import type { CalculationResult, EngineTransaction } from '@lotwise/engine/types';
import { parse1099DaOneYear } from '@lotwise/importers/broker-forms/form-year';
import { tieOut } from '@lotwise/reports/tie-out/tie-out';
import type { BrokerLine, LotwiseDisposal, TieOut } from '@lotwise/reports/tie-out/types';

/** One `--1099da WALLET=FILE`: the wallet (a calc file's name) the form belongs to. */
export interface BrokerFormArg {
  wallet: string;
  file: string;
}

/** `WALLET=FILE` pairs, each wallet one of the calc files'; a message for the first bad one. */
export function parseBrokerFormArgs(
  values: readonly string[],
  wallets: readonly string[],
): BrokerFormArg[] | string {
  const out: BrokerFormArg[] = [];
  for (const value of values) {
    const at = value.indexOf('=');
    if (at <= 0 || at === value.length - 1)
      return `invalid --1099da "${value}": name the form's account, as WALLET=FILE (WALLET is one of: ${wallets.join(', ')})`;
    const wallet = value.slice(0, at);
    if (!wallets.includes(wallet))
      return `invalid --1099da "${value}": no wallet "${wallet}" among the files (${wallets.join(', ')})`;
    out.push({ wallet, file: value.slice(at + 1) });
  }
  return out;
}

export interface LoadedForms {
  lines: BrokerLine[];
  /** Files that cannot be read, or with bad rows (each with its line and column). */
  failures: string[];
}

/**
 * Reads each 1099-DA; a form is one tax year's (from 2025), as in the app: a line sold in
 * another year is an error naming its line and column (importers broker-forms/form-year.ts).
 */
export function loadBrokerForms(args: readonly BrokerFormArg[]): LoadedForms {
  const out: LoadedForms = { lines: [], failures: [] };
  args.forEach((arg, formId) => {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(arg.file);
    } catch (error) {
      out.failures.push(`${arg.file}: ${(error as Error).message}`);
      return;
    }
    const parsed = parse1099DaOneYear(bytes);
    for (const e of parsed.errors)
      out.failures.push(`${arg.file} line ${e.line}${e.column ? ` column "${e.column}"` : ''}: ${e.message}`);
    if (parsed.errors.length > 0) return;
    for (const l of parsed.lines)
      out.lines.push({ ...l, id: out.lines.length + 1, formId: formId + 1, account: arg.wallet });
  });
  return out;
}

/** What the tie-out needs of the input rows: each one's wallet, and its fee in the currency. */
export function transactionFacts(rows: readonly EngineTransaction[], currency: string) {
  const wallet = new Map<string, string>();
  const fee = new Map<string, string>();
  for (const r of rows) {
    wallet.set(r.id, r.wallet);
    if (r.fee && r.fee.asset.toUpperCase() === currency.toUpperCase()) fee.set(r.id, r.fee.amount);
  }
  return { wallet, fee };
}

/** The tie-out of each year that has a form, on the calculation's disposals (as the server's). */
export function cliTieOuts(
  lines: readonly BrokerLine[],
  result: CalculationResult,
  facts: ReturnType<typeof transactionFacts>,
  method: string,
): Record<string, TieOut> {
  const out: Record<string, TieOut> = {};
  const years = [...new Set(lines.map((l) => l.date_sold.slice(0, 4)))].sort();
  for (const year of years) {
    let id = 0;
    const disposals: LotwiseDisposal[] = (result.years[year]?.disposals ?? []).map((d) => ({
      id: ++id,
      txId: d.txId,
      asset: d.asset,
      amount: d.amount,
      acquiredAt: d.acquiredAt,
      disposedAt: d.disposedAt,
      disposedTimestamp: d.disposedTimestamp,
      proceeds: d.proceeds,
      costBasis: d.costBasis,
      term: d.term,
      category: d.category,
      taxable: d.taxable,
      wallet: d.wallet,
      lots: d.lots,
      sellWithoutBuy: d.sellWithoutBuy ?? null,
      missingPrice: d.missingPrice === true,
      fee: facts.fee.get(d.txId) ?? null,
    }));
    const lotWallet = (lotId: string) =>
      facts.wallet.get(lotId) ?? facts.wallet.get(lotId.replace(/:extra$/, '')) ?? null;
    out[year] = tieOut(
      lines.filter((l) => l.date_sold.startsWith(year)),
      disposals,
      { year: Number(year), method: method.toUpperCase(), lotWallet },
    );
  }
  return out;
}

/** A tie-out as `lotwise calc --json` prints it: the 1099-DA line's boxes, the sales' ids. */
export function tieOutJson(t: TieOut) {
  return {
    lines: t.lines.map((l) => ({
      status: l.status,
      asset: l.asset,
      account: l.account,
      broker: l.broker ? (({ id: _i, formId: _f, account: _a, ...boxes }) => boxes)(l.broker) : null,
      disposals: l.disposals.map((d) => d.txId),
      brokerProceeds: l.brokerProceeds,
      brokerBasis: l.brokerBasis,
      lotwiseProceeds: l.lotwiseProceeds,
      lotwiseBasis: l.lotwiseBasis,
      reasons: l.reasons,
      form8949: l.form8949,
    })),
    byStatus: t.byStatus,
    byBox: t.byBox,
  };
}
