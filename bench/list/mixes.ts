import type { ListTransactionsInput } from '@lotwise/contracts/transactions/list-transactions';

const VISIBLE = ['cryptocurrency', 'nft', 'lptokens', 'valid'];

/** 20 representative filter/sort/page mixes of the list (spec 02 §7). */
export function mixes(historyId: number): { name: string; body: ListTransactionsInput; type?: string }[] {
  return [
    { name: 'default (new layout)', body: { visibility: VISIBLE } },
    { name: 'old layout, no visibility', body: {} },
    { name: 'page 2, 100 per page', body: { visibility: VISIBLE, page: 2, page_size: 100 } },
    { name: 'page 500 of 20', body: { visibility: VISIBLE, page: 500 } },
    { name: 'last page (deep offset)', body: { visibility: VISIBLE, page: 49_000 } },
    { name: 'date ascending', body: { visibility: VISIBLE, sort_order: 'asc' } },
    { name: 'Out quantity desc', body: { visibility: VISIBLE, sort_attribute: 'from_currency_quantity' } },
    {
      name: 'In quantity asc',
      body: { visibility: VISIBLE, sort_attribute: 'to_currency_quantity', sort_order: 'asc' },
    },
    { name: 'category buy', body: { visibility: VISIBLE, txns_type: 'buy' } },
    { name: '?type=Trade', body: { visibility: VISIBLE }, type: 'Trade' },
    {
      name: 'sub type staking_reward',
      body: { txns_type: 'buy', type: 'staking_reward', visibility: VISIBLE },
    },
    { name: 'Missing Price', body: { txns_type: 'need_review', visibility: VISIBLE } },
    {
      name: 'All Notes',
      body: { visibility: VISIBLE, statuses: [{ value: 'income' }, { value: 'taxable' }] },
    },
    {
      name: 'year 2021',
      body: { visibility: VISIBLE, start_date: '2021-01-01T00:00:00', end_date: '2021-12-31T23:59:59' },
    },
    {
      name: 'one month, qty sort',
      body: {
        visibility: VISIBLE,
        start_date: '2020-03-01',
        end_date: '2020-03-31',
        sort_attribute: 'to_currency_quantity',
      },
    },
    { name: 'search token ETH', body: { visibility: VISIBLE, search_params: 'ETH' } },
    { name: 'search address 0x00ab', body: { visibility: VISIBLE, search_params: '0x00ab' } },
    { name: 'one source', body: { visibility: VISIBLE, exchanges: [{ value: historyId }] } },
    { name: 'NFT only', body: { visibility: ['nft', 'valid'] } },
    { name: 'ignored only', body: { visibility: ['cryptocurrency', 'nft', 'lptokens', 'ignored'] } },
  ];
}
