/** Constants of the transactions area (spec 02 §3 and §9). */

export const PAGE_SIZES = [20, 30, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 20;

export const SORT_ATTRIBUTES = ['transaction_at', 'from_currency_quantity', 'to_currency_quantity'] as const;
export type SortAttribute = (typeof SORT_ATTRIBUTES)[number];

/** Old-filter categories (txnType in the URL, txns_type in the list payload). */
export const CATEGORIES = [
  'all',
  'buy',
  'sell',
  'trade',
  'self_transfer',
  'margin_trading',
  'swap',
  'ignore',
  'need_review',
  'sell_without_buy',
  'ico',
  'nft_mint',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  all: 'All',
  buy: 'Deposit',
  sell: 'Withdrawal',
  trade: 'Trades',
  self_transfer: 'Self Transfers',
  margin_trading: 'Margin Trading',
  swap: 'Rebrand',
  ignore: 'Ignored',
  need_review: 'Missing Price',
  sell_without_buy: 'Insufficient Balance',
  ico: 'ICO',
  nft_mint: 'NFT Mint',
};

/** Categories of the new layout's Category filter. */
export const NEW_CATEGORIES: readonly Category[] = ['all', 'buy', 'sell', 'trade', 'self_transfer', 'swap'];

/** Sub types per category (spec 02 §3). */
export const SUB_TYPES: Partial<Record<Category, readonly string[]>> = {
  sell: [
    'only_sell',
    'only_outgoing',
    'lost',
    'stolen',
    'purchase',
    'gift_sent',
    'fee',
    'staking_lockup',
    'donation_501c3',
  ],
  buy: [
    'only_buy',
    'only_incoming',
    'airdrop',
    'fork',
    'dividend_received',
    'interest_received',
    'mined',
    'gift_received',
    'staking_reward',
    'payment',
    'misc_reward',
    'masternode',
    'staking_return',
    'nft_mint_no_mint_fee',
  ],
  trade: [
    'margin_trading_trade',
    'sub_type_trade',
    'nft_trade',
    'nft_mint_deposit',
    'nft_mint_trade',
    'liquidity_pool_trade',
    'staking_lockup_trade',
    'staking_return_trade',
  ],
};

/** The Type filter is hidden for these categories. */
export const CATEGORIES_WITHOUT_TYPE: readonly Category[] = [
  'all',
  'self_transfer',
  'sell_without_buy',
  'swap',
  'ico',
];

export const MARGIN_SUB_TYPES = [
  { value: 'all', label: 'All' },
  { value: 'margin_trading_loss', label: 'Loss' },
  { value: 'margin_trading_fee', label: 'Fee' },
  { value: 'margin_trading_gain', label: 'Gain' },
  { value: 'margin_trading_rollover', label: 'Rollover' },
  { value: 'margin_trading_settled', label: 'Settled' },
  { value: 'margin_trades', label: 'Trade' },
] as const;

/** Status filter: groups all, errors and notes with their children. */
export const STATUS_VALUES = ['need_review', 'sell_without_buy', 'income', 'taxable'] as const;
export type StatusValue = (typeof STATUS_VALUES)[number];
export const STATUS_LABELS: Record<StatusValue, string> = {
  need_review: 'Missing Price',
  sell_without_buy: 'Insufficient Balance',
  income: 'Income',
  taxable: 'Taxable Event',
};
export const STATUS_GROUPS = {
  errors: ['need_review', 'sell_without_buy'],
  notes: ['income', 'taxable'],
} as const satisfies Record<string, readonly StatusValue[]>;

export const VISIBILITY_VALUES = ['cryptocurrency', 'nft', 'lptokens', 'valid', 'ignored'] as const;
export type VisibilityValue = (typeof VISIBILITY_VALUES)[number];
export const VISIBILITY_LABELS: Record<VisibilityValue, string> = {
  cryptocurrency: 'CryptoCurrency',
  nft: 'NFT',
  lptokens: 'LP Tokens',
  valid: 'Valid',
  ignored: 'Ignored',
};
/** The first four options are selected by default. */
export const DEFAULT_VISIBILITY: readonly VisibilityValue[] = ['cryptocurrency', 'nft', 'lptokens', 'valid'];

/** Import methods (an account's type). */
export const METHODS = [
  { value: 'csv', label: 'CSV' },
  { value: 'api', label: 'API' },
  { value: 'wallet', label: 'Wallet' },
  { value: 'manual', label: 'Manual' },
] as const;

/** Incoming-side sub types that count as income (the Income note). */
export const INCOME_SUB_TYPES: readonly string[] = [
  'airdrop',
  'fork',
  'dividend_received',
  'interest_received',
  'mined',
  'staking_reward',
  'payment',
  'misc_reward',
  'masternode',
  'income',
  'reward',
  'staking',
  'mining',
  'interest',
];
