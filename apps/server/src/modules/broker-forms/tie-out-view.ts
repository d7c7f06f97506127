import type { TieOutLineRow } from '@lotwise/contracts/tax/tie-out';
import { TIE_OUT_STATUSES, type TieOut, type TieOutLine } from '@lotwise/reports/tie-out/types';
import type { BoxTotalsView } from './form8949-boxes.ts';

/** A tie-out line as the API answers it. */
export function lineView(l: TieOutLine): TieOutLineRow {
  const b = l.broker;
  return {
    status: l.status,
    asset: l.asset,
    account: l.account,
    broker: b ? (({ account: _a, formId, ...boxes }) => ({ ...boxes, form_id: formId }))(b) : null,
    disposals: l.disposals.map((d) => ({
      id: d.id,
      transaction_id: Number(d.txId),
      amount: d.amount,
      disposed_at: d.disposedAt,
      acquired_at: d.acquiredAt,
      proceeds: d.proceeds,
      cost_basis: d.costBasis,
      term: d.term,
      wallet: d.wallet,
      sell_without_buy: d.sellWithoutBuy,
    })),
    broker_proceeds: l.brokerProceeds,
    broker_basis: l.brokerBasis,
    lotwise_proceeds: l.lotwiseProceeds,
    lotwise_basis: l.lotwiseBasis,
    proceeds_difference: l.proceedsDifference,
    basis_difference: l.basisDifference,
    reasons: l.reasons,
    form_8949: l.form8949
      ? {
          box: l.form8949.box,
          term: l.form8949.term,
          description: l.form8949.description,
          date_acquired: l.form8949.dateAcquired,
          date_sold: l.form8949.dateSold,
          proceeds: l.form8949.proceeds,
          cost_basis: l.form8949.costBasis,
          code: l.form8949.code,
          adjustment: l.form8949.adjustment,
          gain: l.form8949.gain,
        }
      : null,
  };
}

/** The totals of the page: per status (the tie-out's) and per box (the year's Form 8949, form8949-boxes.ts). */
export function totalsView(t: TieOut, byBox: BoxTotalsView[]) {
  return {
    by_status: TIE_OUT_STATUSES.map((status) => ({
      status,
      count: t.byStatus[status].count,
      broker_proceeds: t.byStatus[status].brokerProceeds,
      lotwise_proceeds: t.byStatus[status].lotwiseProceeds,
    })),
    by_box: byBox,
  };
}
