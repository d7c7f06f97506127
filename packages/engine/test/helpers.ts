import type { CalculationResult, DisposalLine, EngineTransaction, YearSummary } from '../src/types.ts';

/** Small builders so golden scenarios read like the hand calculation beside them. */
type Extra = Partial<EngineTransaction>;

const leg = (amount: string, asset: string) => ({ asset, amount });

export function buy(
  id: string,
  at: string,
  qty: string,
  asset: string,
  usd: string,
  extra: Extra = {},
): EngineTransaction {
  return {
    id,
    wallet: 'W',
    timestamp: at,
    kind: 'buy',
    sent: leg(usd, 'USD'),
    received: leg(qty, asset),
    ...extra,
  };
}

export function sell(
  id: string,
  at: string,
  qty: string,
  asset: string,
  usd: string,
  extra: Extra = {},
): EngineTransaction {
  return {
    id,
    wallet: 'W',
    timestamp: at,
    kind: 'sell',
    sent: leg(qty, asset),
    received: leg(usd, 'USD'),
    ...extra,
  };
}

export function trade(
  id: string,
  at: string,
  sent: [string, string],
  received: [string, string],
  usd: string | null,
  extra: Extra = {},
): EngineTransaction {
  return {
    id,
    wallet: 'W',
    timestamp: at,
    kind: 'trade',
    sent: leg(...sent),
    received: leg(...received),
    fiat_value: usd === null ? null : { currency: 'USD', amount: usd },
    ...extra,
  };
}

export function incoming(
  id: string,
  at: string,
  qty: string,
  asset: string,
  usd: string | null,
  extra: Extra = {},
): EngineTransaction {
  return {
    id,
    wallet: 'W',
    timestamp: at,
    kind: 'deposit',
    received: leg(qty, asset),
    fiat_value: usd === null ? null : { currency: 'USD', amount: usd },
    ...extra,
  };
}

export function outgoing(
  id: string,
  at: string,
  qty: string,
  asset: string,
  usd: string | null,
  extra: Extra = {},
): EngineTransaction {
  return {
    id,
    wallet: 'W',
    timestamp: at,
    kind: 'withdrawal',
    sent: leg(qty, asset),
    fiat_value: usd === null ? null : { currency: 'USD', amount: usd },
    ...extra,
  };
}

export function year(result: CalculationResult, y: number): YearSummary {
  const summary = result.years[String(y)];
  if (!summary) throw new Error(`no year ${y} in result`);
  return summary;
}

/** The fields of a disposal line a hand calculation fixes. */
export function brief(line: DisposalLine) {
  return {
    txId: line.txId,
    asset: line.asset,
    amount: line.amount,
    proceeds: line.proceeds,
    costBasis: line.costBasis,
    gain: line.gain,
    term: line.term,
    category: line.category,
  };
}

export function totals(summary: YearSummary) {
  const { proceeds, costBasis, shortTermGain, longTermGain, income } = summary;
  return { proceeds, costBasis, shortTermGain, longTermGain, income };
}

export function codes(result: CalculationResult): string[] {
  return result.warnings.map((w) => `${w.code}:${w.txId ?? '-'}`);
}
