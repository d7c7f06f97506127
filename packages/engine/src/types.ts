/**
 * Public types of the engine: what goes in (normalised transactions plus the user's
 * decisions) and what comes out. Every amount crossing this boundary is a decimal string.
 */

/** An asset and a quantity, as in the normalised record (packages/contracts/src/normalised.ts). */
export interface AssetAmountInput {
  asset: string;
  amount: string;
}

/**
 * User-defined types of spec/02-transactions.md §3. business_or_investment makes a one-legged
 * deposit a buy and a withdrawal a sale at market value; anything else (external_transfer,
 * nft_trade, ico, nft_mint, edit, ignore_reset, ...) means "treat the row by its kind".
 */
export type Classification =
  | 'staking_reward'
  | 'airdrop'
  | 'mined'
  | 'interest_received'
  | 'dividend_received'
  | 'misc_reward'
  | 'masternode'
  | 'payment'
  | 'fork'
  | 'gift_received'
  | 'gift_sent'
  | 'donation_501c3'
  | 'lost'
  | 'stolen'
  | 'purchase'
  | 'fee'
  | 'staking_lockup'
  | 'staking_return'
  | 'swap'
  | 'self_transfer'
  | 'switch_trade'
  | 'business_or_investment'
  | 'margin_trading_gain'
  | 'margin_trading_loss'
  | 'margin_trading_fee'
  | 'ignore'
  | (string & {});

/**
 * One engine input row: the normalised record (structurally the `NormalisedTransaction`
 * of @lotwise/contracts/normalised) plus the wallet it belongs to and the user's choices.
 */
export interface EngineTransaction {
  /** Stable id, named in warnings and audit trails. */
  id: string;
  /** Wallet or exchange account holding the units. */
  wallet: string;
  timestamp: string;
  kind: 'buy' | 'sell' | 'trade' | 'deposit' | 'withdrawal' | 'income' | 'spend' | 'fee' | (string & {});
  subtype?: string | null;
  sent?: AssetAmountInput | null;
  received?: AssetAmountInput | null;
  fee?: AssetAmountInput | null;
  fiat_value?: { currency: string; amount: string } | null;
  external_id?: string | null;
  tx_hash?: string | null;
  note?: string | null;
  label?: string | null;
  source_lines?: number[];
  classification?: Classification | null;
  ignored?: boolean;
  /** Links the two halves of a self-transfer, a rebrand or a staking lockup/return. */
  pairId?: string | null;
  /** Gift received: the donor's basis (in the reporting currency) and, optionally, date. */
  donorBasis?: { amount: string; acquiredAt?: string | null } | null;
  /**
   * The user's price of one unit of the fee asset, in the reporting currency (the edit call's
   * fee per-token price). It values the fee, and units lost in a self-transfer of that asset, ahead
   * of every other source; the legs keep their own values.
   */
  feePrice?: string | null;
  /** "chain:contract" of the token leg (pricing identity); the calculation itself ignores it. */
  token_contract?: string | null;
}

export type LotMethodName = 'fifo' | 'lifo' | 'hifo' | 'lofo';

/** Each entry applies from its year until the next; the first also covers earlier years. */
export type MethodSchedule = ReadonlyArray<{ fromYear: number; method: LotMethodName }>;

export type BasisMode = 'universal' | 'per-wallet' | 'us-2025';

export type AllocationRule = 'stay-oldest-first' | 'lowest-cost-largest-holding';

/** Price of one unit of `asset` in the reporting currency at an instant, or null if unknown. */
export type PriceLookup = (asset: string, timestamp: string) => string | null | undefined;

export interface CalculateOptions {
  method?: LotMethodName | MethodSchedule;
  basis?: BasisMode;
  /** us-2025 only: first local day of per-wallet application. Default 2025-01-01. */
  perWalletFrom?: string;
  allocationRule?: AllocationRule;
  /** IANA zone for tax dates (years, holding periods). Default UTC. */
  timeZone?: string;
  /** Reporting currency. Default USD. */
  currency?: string;
  prices?: PriceLookup;
  /** When given, assets outside this set are flagged as unknown (still calculated). */
  knownAssets?: ReadonlySet<string>;
  /**
   * Warn (`out_of_order`) for each row dated before the row above it in its wallet. Off by
   * default: exports are often newest first, rows are sorted anyway, and a warning per row
   * buried the real findings.
   */
  warnOutOfOrder?: boolean;
  /** Local days (YYYY-MM-DD) at whose start a snapshot of the lot state is returned. */
  checkpoints?: readonly string[];
  /** Resume from a snapshot: rows before its day are assumed unchanged and skipped. */
  resumeFrom?: Checkpoint;
  /** Also return `moves`: every lot moved between wallets/assets without a disposal. */
  recordMoves?: boolean;
  /**
   * The list of rows is the caller's to give up (the CLI's, parsed for this run): each row is
   * dropped from it (the slot left empty) once processed, so a million rows do not stay alive
   * beside the results being built. The caller must not read the list afterwards.
   */
  releaseRows?: boolean;
  /**
   * Each tax year's summary as soon as no later row can add to it (the rows are processed in
   * time order: a year is done once a row of a later year comes, or at the end), in year order.
   * Its lines are then the callback's: they are not kept, and `years` in the result is empty.
   * A million rows' disposal lines need not all be alive at once (the CLI prints each year).
   */
  onYear?: (year: string, summary: YearSummary) => void;
  /**
   * Each disposal line as soon as it is recorded, with its tax year. The line is then the
   * callback's: it is not kept in its year's summary (`disposals` there is empty), so a caller
   * that prints lines as they come (the CLI) keeps no line object alive at all.
   */
  onDisposal?: (year: number, line: DisposalLine) => void;
}

export type Term = 'short' | 'long';

export type DisposalCategory =
  | 'sale'
  | 'trade'
  | 'spend'
  | 'fee'
  | 'transfer_fee'
  | 'margin_gain'
  | 'margin_loss'
  | 'margin_fee'
  | 'gift'
  | 'donation'
  | 'lost'
  | 'stolen';

/** One lot (or the uncovered part) consumed by a disposal line: the audit trail. */
export interface LotUse {
  /** Lot id (acquiring transaction id and leg), or null for the uncovered part. */
  lotId: string | null;
  acquiredAt: string;
  acquiredTimestamp: string | null;
  amount: string;
  costBasis: string;
}

export interface DisposalLine {
  txId: string;
  asset: string;
  amount: string;
  /** Local day of acquisition, or "VARIOUS" when the lots have different days. */
  acquiredAt: string;
  disposedAt: string;
  disposedTimestamp: string;
  proceeds: string;
  costBasis: string;
  gain: string;
  term: Term;
  category: DisposalCategory;
  /** Counts towards gains (false for gifts, donations, lost and stolen). */
  taxable: boolean;
  wallet: string;
  lots: LotUse[];
  /** Units sold without matching lots (zero basis, short term). */
  sellWithoutBuy?: string;
  missingPrice?: boolean;
  /**
   * Some of the lots sold were acquired by a row with a missing price: their basis (printed as
   * the engine's 0) and so the line's gain are unknown. What the reports print as unknown.
   */
  basisUnknown?: boolean;
  /**
   * Gifts, donations, lost and stolen: value at the date given (Form 8283 / 709); null when
   * no price was found for that day (a donation's missing_price warning says so).
   */
  fairMarketValue?: string | null;
}

export interface IncomeLine {
  txId: string;
  asset: string;
  amount: string;
  value: string;
  receivedAt: string;
  receivedTimestamp: string;
  category: string;
  wallet: string;
  missingPrice?: boolean;
}

/** Lots moved without a disposal (self-transfer, rebrand, staking, transit): audit only. */
export interface MoveRecord {
  txId: string;
  movedAt: string;
  from: string;
  to: string;
  asset: string;
  /** Set when the lots became another asset (rebrand): their new asset and quantity. */
  toAsset?: string;
  toAmount?: string;
  lots: LotUse[];
  /** Units no lot covered; they arrived with zero basis. */
  uncovered?: string;
}

export interface YearSummary {
  proceeds: string;
  costBasis: string;
  shortTermGain: string;
  longTermGain: string;
  income: string;
  disposals: DisposalLine[];
  incomeLines: IncomeLine[];
}

export interface Holding {
  wallet: string;
  asset: string;
  amount: string;
  costBasis: string;
  acquiredAt: string;
  acquiredTimestamp: string;
  lotId: string;
}

export type WarningCode =
  | 'missing_price'
  | 'sell_without_buy'
  | 'unmatched_transfer'
  | 'bad_pair'
  | 'negative_amount'
  | 'bad_amount'
  | 'bad_timestamp'
  | 'unknown_asset'
  | 'out_of_order'
  | 'duplicate_id'
  | 'gift_without_basis'
  | 'review_loss'
  | 'transfer_gain'
  | 'missing_basis'
  | 'allocation_shortfall'
  | 'bad_option'
  | 'import_error'
  // A row's own value in another currency had no rate: valued from its crypto leg's price.
  | 'valued_from_price'
  // From the price service, not calculate(): a provider that did not answer, a symbol priced as a guess.
  | 'price_unavailable'
  | 'ambiguous_asset';

export interface EngineWarning {
  code: WarningCode;
  txId: string | null;
  message: string;
  /** Totals the problem makes unreliable, e.g. ["2024.proceeds", "2024.shortTermGain"]. */
  affects?: string[];
}

export interface TransactionStatus {
  id: string;
  status: 'ok' | 'error';
  /** 'missing_price' and/or 'sell_without_buy'. */
  flags: string[];
  sellWithoutBuyQuantity?: string;
}

export interface AllocationEntry {
  wallet: string;
  asset: string;
  lotId: string;
  acquiredAt: string;
  acquiredTimestamp: string;
  amount: string;
  costBasis: string;
}

/** Rev. Proc. 2024-28 style record of how the universal pool was split between wallets. */
export interface AllocationRecord {
  effectiveDate: string;
  rule: AllocationRule;
  entries: AllocationEntry[];
}

export interface SnapshotLot {
  pool: string;
  wallet: string;
  asset: string;
  lotId: string;
  sourceTxId: string;
  seq: number;
  acquiredMs: number;
  acquiredDay: number;
  amount: string;
  costBasis: string;
}

/** Serializable lot state at the start of a local day; feed back as `resumeFrom`. */
export interface Checkpoint {
  day: string;
  basis: BasisMode;
  perWallet: boolean;
  nextSeq: number;
  lots: SnapshotLot[];
  /** Per-wallet unit balances (universal phase of us-2025) and transit units. */
  balances: Array<{ key: string; amount: string }>;
  allocation: AllocationRecord | null;
}

export interface CalculationResult {
  years: Record<string, YearSummary>;
  holdings: Holding[];
  warnings: EngineWarning[];
  statuses: TransactionStatus[];
  allocation: AllocationRecord | null;
  checkpoints: Checkpoint[];
  /** Only with `recordMoves`. */
  moves?: MoveRecord[];
}
