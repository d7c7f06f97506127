import { disposalKey, type Form8949Line, lotsSummary } from '../form8949.ts';
import type { BrokerRows } from '../model.ts';
import { Dec } from '../money.ts';
import type { TieOut } from './types.ts';

/**
 * The Form 8949 lines of a year's sales on a 1099-DA (the tie-out's rows), and the disposal
 * lines they stand for: report models take them as `brokerRows`, so the PDF, the CSVs and
 * Schedule D all carry the boxes, codes and adjustments of the tie-out.
 */
export function brokerRows(t: TieOut): BrokerRows {
  const replaced = new Set<string>();
  const lines: Form8949Line[] = [];
  for (const l of t.lines) {
    if (!l.broker || !l.form8949 || l.disposals.length === 0) continue;
    for (const d of l.disposals) replaced.add(disposalKey(d));
    const r = l.form8949;
    lines.push({
      box: r.box,
      term: r.term,
      description: r.description,
      dateAcquired: r.dateAcquired,
      dateSold: r.dateSold,
      proceeds: r.proceeds,
      costBasis: r.costBasis,
      code: r.code,
      adjustment: r.adjustment,
      gain: r.gain,
      asset: l.asset,
      amount: l.broker.units ?? l.disposals.reduce((s, d) => s.plus(d.amount), new Dec(0)).toFixed(),
      txId: l.disposals.map((d) => d.txId).join(' '),
      wallet: l.account,
      category: l.disposals[0]!.category,
      lots: l.disposals.map((d) => lotsSummary(d)).join('; '),
      missingPrice: l.disposals.some((d) => d.missingPrice),
      basisUnknown: false,
    });
  }
  return { replaced, lines };
}
