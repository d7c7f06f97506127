import type { Form1099DaBoxes } from '@lotwise/contracts/tax/form-1099da';

/** One line of the typed-entry dialog as the inputs hold it (text; '' for an empty box). */
export interface LineDraft {
  form_8949_box: string;
  asset: string;
  asset_code: string;
  asset_name: string;
  units: string;
  date_acquired: string;
  date_sold: string;
  proceeds: string;
  cost_basis: string;
  accrued_market_discount: string;
  wash_sale_loss_disallowed: string;
  basis_reported: boolean;
  proceeds_type: string;
  federal_tax_withheld: string;
  loss_not_allowed: boolean;
  term: string;
  cash_only: boolean;
  customer_provided: boolean;
  noncovered: boolean;
  aggregate: string;
  aggregate_transactions: string;
}

export const emptyLine = (): LineDraft => ({
  form_8949_box: '',
  asset: '',
  asset_code: '',
  asset_name: '',
  units: '',
  date_acquired: '',
  date_sold: '',
  proceeds: '',
  cost_basis: '',
  accrued_market_discount: '',
  wash_sale_loss_disallowed: '',
  basis_reported: false,
  proceeds_type: '',
  federal_tax_withheld: '',
  loss_not_allowed: false,
  term: '',
  cash_only: false,
  customer_provided: false,
  noncovered: false,
  aggregate: '',
  aggregate_transactions: '',
});

/** "$1,234.50" as typed from paper → "1234.50"; the server checks what is left. */
const amount = (s: string) => {
  const t = s.trim().replace(/^\$/, '').replace(/,/g, '');
  return t === '' ? null : t;
};
const text = (s: string) => (s.trim() === '' ? null : s.trim());

/** The draft as the boxes the server takes (it validates every box and names the wrong one). */
export function boxesOf(d: LineDraft): Form1099DaBoxes {
  const acquired = d.date_acquired.trim();
  return {
    form_8949_box: (text(d.form_8949_box) as Form1099DaBoxes['form_8949_box']) ?? null,
    asset: d.asset.trim().toUpperCase(),
    asset_code: text(d.asset_code),
    asset_name: text(d.asset_name),
    units: amount(d.units),
    date_acquired: acquired === '' ? null : /^various$/i.test(acquired) ? 'VARIOUS' : acquired,
    date_sold: d.date_sold.trim(),
    proceeds: amount(d.proceeds) ?? '',
    cost_basis: amount(d.cost_basis),
    accrued_market_discount: amount(d.accrued_market_discount),
    wash_sale_loss_disallowed: amount(d.wash_sale_loss_disallowed),
    basis_reported: d.basis_reported,
    proceeds_type: (text(d.proceeds_type) as Form1099DaBoxes['proceeds_type']) ?? null,
    federal_tax_withheld: amount(d.federal_tax_withheld),
    loss_not_allowed: d.loss_not_allowed,
    term: (text(d.term) as Form1099DaBoxes['term']) ?? null,
    cash_only: d.cash_only,
    customer_provided: d.customer_provided,
    noncovered: d.noncovered,
    aggregate: (text(d.aggregate) as Form1099DaBoxes['aggregate']) ?? null,
    aggregate_transactions:
      d.aggregate_transactions.trim() === '' ? null : Number(d.aggregate_transactions.trim()),
  };
}
