import type { FormatDefinition } from './core/types.ts';
import { binanceSpotTrades } from './formats/binance-spot-trades.ts';
import { binanceStatementV1 } from './formats/binance-statement-v1.ts';
import { binanceStatementV2 } from './formats/binance-statement-v2.ts';
import { binanceStatementV3 } from './formats/binance-statement-v3.ts';
import { binanceTradesLegacy } from './formats/binance-trades-legacy.ts';
import { binanceusHistory } from './formats/binanceus-history.ts';
import { bitfinexMovements } from './formats/bitfinex-movements.ts';
import { bitfinexTrades } from './formats/bitfinex-trades.ts';
import { bitstamp2024 } from './formats/bitstamp-2024.ts';
import { bitstampLegacy } from './formats/bitstamp-legacy.ts';
import { bybitFunding } from './formats/bybit-funding.ts';
import { bybitUta } from './formats/bybit-uta.ts';
import { coinbase2020 } from './formats/coinbase-2020.ts';
import { coinbase2021 } from './formats/coinbase-2021.ts';
import { coinbase2023 } from './formats/coinbase-2023.ts';
import { coinbase2024 } from './formats/coinbase-2024.ts';
import { coinbase2025 } from './formats/coinbase-2025.ts';
import { coinbaseproAccount } from './formats/coinbasepro-account.ts';
import { coinbaseproFills } from './formats/coinbasepro-fills.ts';
import { coinledgerExport } from './formats/coinledger-export.ts';
import { coinledgerUniversal } from './formats/coinledger-universal.ts';
import { cointrackerGeneric } from './formats/cointracker-generic.ts';
import { cointrackingImport } from './formats/cointracking-import.ts';
import { cointrackingTradeList } from './formats/cointracking-trade-list.ts';
import { cryptocomApp } from './formats/cryptocom-app.ts';
import { electrumHistory } from './formats/electrum-history.ts';
import { etherscanErc20 } from './formats/etherscan-erc20.ts';
import { etherscanInternal } from './formats/etherscan-internal.ts';
import { etherscanNormal } from './formats/etherscan-normal.ts';
import { exodusTransactions } from './formats/exodus-transactions.ts';
import { gateioAccountBook } from './formats/gateio-account-book.ts';
import { geminiHistory } from './formats/gemini-history.ts';
import { koinlyUniversal } from './formats/koinly-universal.ts';
import { krakenLedgers } from './formats/kraken-ledgers.ts';
import { krakenTrades } from './formats/kraken-trades.ts';
import { kucoinFilledOrders } from './formats/kucoin-filled-orders.ts';
import { kucoinTradeHistory } from './formats/kucoin-trade-history.ts';
import { ledgerliveOperations } from './formats/ledgerlive-operations.ts';
import { okxFunding } from './formats/okx-funding.ts';
import { okxTrading } from './formats/okx-trading.ts';
import { solscanTransfers } from './formats/solscan-transfers.ts';
import { trezorsuiteLegacy } from './formats/trezorsuite-legacy.ts';
import { trezorsuiteTransactions } from './formats/trezorsuite-transactions.ts';

/**
 * Every supported layout, in detection order: more specific signatures come before looser
 * ones that could also match the same header.
 */
export const FORMATS: FormatDefinition[] = [
  coinbase2025,
  coinbase2024,
  coinbase2023,
  coinbase2021,
  coinbase2020,
  coinbaseproFills,
  coinbaseproAccount,
  krakenLedgers,
  krakenTrades,
  binanceStatementV1,
  binanceStatementV2,
  binanceStatementV3,
  binanceSpotTrades,
  binanceTradesLegacy,
  binanceusHistory,
  etherscanNormal,
  etherscanInternal,
  etherscanErc20,
  solscanTransfers,
  electrumHistory,
  ledgerliveOperations,
  trezorsuiteTransactions,
  exodusTransactions,
  geminiHistory,
  kucoinFilledOrders,
  kucoinTradeHistory,
  bitstamp2024,
  bitstampLegacy,
  cryptocomApp,
  bitfinexTrades,
  bitfinexMovements,
  okxTrading,
  okxFunding,
  bybitUta,
  bybitFunding,
  gateioAccountBook,
  trezorsuiteLegacy,
  koinlyUniversal,
  cointrackerGeneric,
  coinledgerUniversal,
  coinledgerExport,
  cointrackingTradeList,
  cointrackingImport,
];

export function findFormat(id: string): FormatDefinition | undefined {
  return FORMATS.find((f) => f.id === id);
}
