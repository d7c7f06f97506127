import type { TransactionLeg } from '@lotwise/contracts/transactions/transaction-row';

/** Sub types said as people say them (issue 35.12: not "Sub Type Trade", "Only Sell"). */
const SUB_TYPE_LABELS: Record<string, string> = {
  only_buy: 'Buy',
  only_incoming: 'Deposit',
  only_sell: 'Sell',
  only_outgoing: 'Withdrawal',
  sub_type_trade: 'Trade',
  margin_trading_trade: 'Margin trade',
  nft_trade: 'NFT trade',
  nft_mint_deposit: 'NFT mint',
  nft_mint_trade: 'NFT mint (trade)',
  nft_mint_no_mint_fee: 'NFT mint (no fee)',
  liquidity_pool_trade: 'Liquidity pool',
  staking_lockup_trade: 'Staking lock-up (trade)',
  staking_return_trade: 'Staking return (trade)',
  staking_lockup: 'Staking lock-up',
  staking_return: 'Staking return',
  staking_reward: 'Staking reward',
  misc_reward: 'Other income',
  gift_sent: 'Gift sent',
  gift_received: 'Gift received',
  donation_501c3: 'Donation (501(c)(3))',
  dividend_received: 'Dividend',
  interest_received: 'Interest',
  purchase: 'Purchase (spent)',
  fee: 'Fee',
};

/** "staking_reward" → "Staking reward": the known ones by name, others in sentence case. */
export function subTypeLabel(value: string): string {
  const known = SUB_TYPE_LABELS[value];
  if (known) return known;
  const text = value.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type Typed = Pick<
  TransactionLeg,
  'type' | 'default_type' | 'from_currency' | 'from_currency_crypto' | 'to_currency' | 'to_currency_crypto'
>;

/**
 * The row's type badge. The list's incoming category ('buy') holds buys and deposits, the
 * outgoing one ('sell') sales and withdrawals: a trade of fiat for crypto is a Buy, of crypto
 * for fiat a Sell (issue 35.12: a GBP→ETH buy is not a Deposit), whatever the category.
 */
export function rowTypeLabel(row: Typed): string {
  const fiatForCrypto =
    !!row.from_currency && !row.from_currency_crypto && !!row.to_currency && row.to_currency_crypto;
  const cryptoForFiat =
    !!row.from_currency && row.from_currency_crypto && !!row.to_currency && !row.to_currency_crypto;
  if (row.type === 'buy') {
    if (fiatForCrypto || row.default_type === 'buy') return 'Buy';
    if (row.default_type === 'income') return 'Income';
    return 'Deposit';
  }
  if (row.type === 'sell') {
    if (cryptoForFiat || row.default_type === 'sell') return 'Sell';
    if (row.default_type === 'spend') return 'Spend';
    if (row.default_type === 'fee') return 'Fee';
    return 'Withdrawal';
  }
  if (row.type === 'trade') return 'Trade';
  return subTypeLabel(row.type);
}
