/** What each kind of warning is called where they are grouped (the one-year page). */
const LABELS: Record<string, string> = {
  missing_price: 'Missing price',
  sell_without_buy: 'Insufficient balance',
  missing_basis: 'Unknown cost basis',
  unmatched_transfer: 'Transfer without its other half',
  bad_pair: 'Pair that does not fit',
  gift_without_basis: 'Gift without the donor’s basis',
  review_loss: 'Loss or theft to review',
  transfer_gain: 'More arrived than was sent',
  allocation_shortfall: 'Balance no lot covered (2025 allocation)',
  negative_amount: 'Negative amount',
  bad_amount: 'Unreadable amount',
  bad_timestamp: 'Unreadable date',
  unknown_asset: 'Unknown asset',
  duplicate_id: 'Duplicate transaction',
  out_of_order: 'Rows out of date order',
  bad_option: 'Calculation setting',
  import_error: 'Import problem',
  valued_from_price: 'Valued from the asset’s price (no exchange rate)',
  price_unavailable: 'Price service not responding',
  ambiguous_asset: 'Symbol shared by several coins',
};

export function warningLabel(code: string): string {
  return LABELS[code] ?? code.replace(/_/g, ' ');
}
