import type { ColumnName } from '../core/header.ts';

/** The boxes of a 1099-DA line a layout may carry, by Lotwise's name for them. */
export type BoxField =
  | 'checkbox'
  | 'symbol'
  | 'code'
  | 'name'
  | 'units'
  | 'acquired'
  | 'various'
  | 'sold'
  | 'proceeds'
  | 'basis'
  | 'marketDiscount'
  | 'washSale'
  | 'basisReported'
  | 'proceedsType'
  | 'withheld'
  | 'lossNotAllowed'
  | 'term'
  | 'ordinary'
  | 'cashOnly'
  | 'customerProvided'
  | 'noncovered'
  | 'aggregate'
  | 'aggregateStablecoin'
  | 'aggregateNft'
  | 'aggregateCount';

/**
 * A CSV layout of Form 1099-DA lines (README "Broker forms: layouts accepted"; a constructed
 * example of each is in fixtures/1099-da/). Column names are matched without regard to case.
 */
export interface Form1099DaLayout {
  id: string;
  label: string;
  columns: Partial<Record<BoxField, ColumnName>>;
  /** Columns the layout cannot be read without; absent ones are an error on the header row. */
  required: BoxField[];
}

/** `name` matched whole, any case. */
const ci = (name: string): RegExp => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i');
/** A box of the IRS form: "1a", "Box 1a", "Box 1a - Code for digital asset", "1a Code for …". */
const box = (id: string): RegExp => new RegExp(`^(box\\s*)?${id}(?![0-9a-z])([\\s:.\\-–—].*)?$`, 'i');

/**
 * The IRS form's own box numbers as column names (the landscape 1099-DA prints one sale per row
 * under them; brokers' CSV downloads name their columns by box).
 */
export const IRS_BOXES: Form1099DaLayout = {
  id: '1099da-boxes',
  label: 'Form 1099-DA by box number (1a … 11c)',
  columns: {
    checkbox: /^(applicable\s+)?(check\s*box|checkbox)( on form 8949)?$|^AC$/i,
    symbol: /^(symbol|ticker|asset symbol)$/i,
    code: box('1a'),
    name: box('1b'),
    units: box('1c'),
    acquired: box('1d'),
    sold: box('1e'),
    proceeds: box('1f'),
    basis: box('1g'),
    marketDiscount: box('1h'),
    washSale: box('1i'),
    basisReported: box('2'),
    proceedsType: box('3a'),
    withheld: box('4'),
    lossNotAllowed: box('5'),
    term: box('6'),
    cashOnly: box('7'),
    customerProvided: box('8'),
    noncovered: box('9'),
    aggregateStablecoin: box('11a'),
    aggregateNft: box('11b'),
    aggregateCount: box('11c'),
  },
  required: ['sold', 'proceeds'],
};

/** TaxBit's "1099-DA Form Data" CSV ingestion template (the form data brokers file through TaxBit). */
export const TAXBIT_FORM_DATA: Form1099DaLayout = {
  id: 'taxbit-1099da',
  label: 'TaxBit 1099-DA Form Data template',
  columns: {
    checkbox: ci('form_8949_checkbox'),
    symbol: ci('asset_symbol'),
    code: ci('asset_dtif_code'),
    name: ci('asset_name'),
    units: ci('asset_quantity'),
    acquired: ci('acquired_date'),
    sold: ci('disposed_date'),
    proceeds: ci('proceeds'),
    basis: ci('cost_basis'),
    marketDiscount: ci('accrued_market_discount'),
    washSale: ci('wash_sale_loss_disallowed'),
    basisReported: ci('basis_reported'),
    proceedsType: ci('proceeds_type'),
    withheld: ci('federal_tax_withheld'),
    lossNotAllowed: ci('loss_not_allowed'),
    term: ci('gain_loss_classification'),
    cashOnly: ci('cash_proceeds'),
    customerProvided: ci('customer_provided'),
    noncovered: ci('is_noncovered_security'),
    aggregate: ci('aggregate_stablecoin_nft'),
    aggregateCount: ci('aggregate_transaction_count'),
  },
  required: ['sold', 'proceeds'],
};

/** The Financial Data Exchange's DigitalAssetDetail (Tax1099Da) field names, one column each. */
export const FDX_DIGITAL_ASSET: Form1099DaLayout = {
  id: 'fdx-1099da',
  label: 'FDX Tax1099Da / DigitalAssetDetail fields',
  columns: {
    checkbox: ci('checkboxOnForm8949'),
    symbol: ci('symbol'),
    code: ci('digitalAssetCode'),
    name: ci('digitalAssetName'),
    units: ci('units'),
    acquired: ci('dateAcquired'),
    various: ci('variousDatesAcquired'),
    sold: ci('dateOfSale'),
    proceeds: ci('proceeds'),
    basis: ci('costBasis'),
    marketDiscount: ci('accruedMarketDiscount'),
    washSale: ci('washSaleLossDisallowed'),
    basisReported: ci('basisReported'),
    proceedsType: ci('grossOrNet'),
    withheld: ci('federalTaxWithheld'),
    lossNotAllowed: ci('lossNotAllowed'),
    term: ci('longOrShort'),
    ordinary: ci('ordinary'),
    cashOnly: ci('cashOnly'),
    customerProvided: ci('customerProvidedAcquisitionInfo'),
    noncovered: ci('noncoveredSecurity'),
    aggregate: ci('aggregateType'),
    aggregateCount: ci('numberOfTransactions'),
  },
  required: ['sold', 'proceeds'],
};

export const FORM_1099DA_LAYOUTS: readonly Form1099DaLayout[] = [
  TAXBIT_FORM_DATA,
  FDX_DIGITAL_ASSET,
  IRS_BOXES,
];
