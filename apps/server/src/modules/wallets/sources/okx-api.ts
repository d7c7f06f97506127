import { z } from 'zod';
import {
  connect,
  dec,
  decimalText,
  type ExchangeApiOptions,
  type FetchedHistory,
  integer,
  Progress,
  permissionWarning,
  plain,
  readCursor,
  readPage,
  renderCsv,
  request,
  requireKeys,
  utcText,
} from './exchange-api.ts';

/**
 * An OKX account's history through ccxt, rendered as OKX's two exports that the importers read:
 * the trading account's bills (`account/bills-archive`, the last three months OKX keeps there,
 * newest first by `after` = bill id) as the trading account history (2025 layout: each fill's
 * legs share the Order id), and the funding account's bills (`asset/bills-history`, all time,
 * by `after` = time) as the funding account history (deposits, withdrawals, staking yield,
 * transfers). The bill ids are the exports' `id`s. A resync stops at the last bill synced.
 */
const NAME = 'OKX';
const PAGE = 100;
const TRADING = [
  'id',
  'Order id',
  'Time',
  'Trade Type',
  'Symbol',
  'Action',
  'Amount',
  'Trading Unit',
  'Filled Price',
  'PnL',
  'Fee',
  'Fee Unit',
  'Position Change',
  'Position Balance',
  'Balance Change',
  'Balance',
  'Balance Unit',
] as const;
const FUNDING = ['id', 'Time', 'Type', 'Amount', 'Before Balance', 'After Balance', 'Symbol'] as const;
/** Trading bill instrument types → the export's Trade Type (only Spot is imported). */
const INSTRUMENTS: Record<string, string> = {
  SPOT: 'Spot',
  MARGIN: 'Margin',
  SWAP: 'Perpetual',
  FUTURES: 'Futures',
  OPTION: 'Option',
};
/** Funding bill types (OKX docs, "Asset bills details") → the export's Type. */
const FUNDING_TYPES: Record<string, string> = {
  '1': 'Deposit',
  '2': 'Withdrawal',
  '68': 'Fee rebate',
  '173': 'Fee rebate',
  '75': 'Savings subscription',
  '76': 'Savings redemption',
  '80': 'Stake',
  '137': 'Stake',
  '82': 'Redeem staking',
  '83': 'Staking Yield',
  '89': 'Staking Yield',
  '139': 'Staking Yield',
  '130': 'From unified trading account',
  '131': 'To unified trading account',
};

const envelope = <T extends z.ZodType>(item: T) => z.object({ code: z.string(), data: z.array(item) });
const tradingBill = z.object({
  billId: z.string(),
  ordId: z.string().default(''),
  ts: integer,
  type: z.string(),
  subType: z.string().default(''),
  instType: z.string().default(''),
  instId: z.string().default(''),
  ccy: z.string(),
  sz: decimalText.catch('0'),
  px: decimalText.catch('0'),
  pnl: decimalText.catch('0'),
  fee: decimalText.catch('0'),
  balChg: decimalText,
  bal: decimalText,
});
const fundingBill = z.object({
  billId: z.string(),
  ccy: z.string(),
  balChg: decimalText,
  bal: decimalText,
  type: z.string(),
  ts: integer,
});
type TradingBill = z.infer<typeof tradingBill>;
type FundingBill = z.infer<typeof fundingBill>;

/** Bill ids are 19-digit numbers: compared exactly. */
const newer = (a: string, b: string) => BigInt(a) > BigInt(b);

export async function fetchOkxHistory(options: ExchangeApiOptions): Promise<FetchedHistory> {
  requireKeys(NAME, options, true);
  const exchange = await connect('okx', options);
  const call = (method: string, params: Record<string, unknown> = {}) =>
    request(NAME, exchange, method, params, options);
  const cursor = readCursor(options, { bill: '0', ts: 0 });
  const progress = new Progress(options);
  const config = readPage(
    NAME,
    'account config',
    envelope(z.object({ perm: z.string().default('') })),
    await call('privateGetAccountConfig'),
  );
  const perm = (config.data[0]?.perm ?? '').split(',');
  const warning = permissionWarning(
    NAME,
    [perm.includes('trade') ? 'trade' : '', perm.includes('withdraw') ? 'withdraw' : ''].filter(Boolean),
  );

  const trading: TradingBill[] = [];
  for (let after: string | undefined; ; ) {
    const raw = await call('privateGetAccountBillsArchive', { limit: PAGE, ...(after ? { after } : {}) });
    const page = readPage(NAME, 'trading bills', envelope(tradingBill), raw).data;
    const fresh = page.filter((b) => newer(b.billId, cursor.bill));
    trading.push(...fresh);
    await progress.add(fresh.length, 'OKX trading bills');
    if (page.length < PAGE || fresh.length < page.length) break;
    after = page.at(-1)?.billId;
  }
  const funding: FundingBill[] = [];
  for (let after: number | undefined; ; ) {
    const raw = await call('privateGetAssetBillsHistory', { limit: PAGE, ...(after ? { after } : {}) });
    const page = readPage(NAME, 'funding bills', envelope(fundingBill), raw).data;
    const fresh = page.filter((b) => b.ts > cursor.ts);
    funding.push(...fresh);
    await progress.add(fresh.length, 'OKX funding bills');
    if (page.length < PAGE || fresh.length < page.length) break;
    after = page.at(-1)?.ts;
  }

  const byTime = <T extends { ts: number; billId: string }>(a: T, b: T) =>
    a.ts - b.ts || (newer(a.billId, b.billId) ? 1 : -1);
  const tradingRows = trading.sort(byTime).map((b) => {
    const spotLike = b.type === '2' || (['27', '28', '30'].includes(b.type) && b.ordId !== '');
    const tradeType =
      b.type === '1' ? 'Transfer' : spotLike ? (INSTRUMENTS[b.instType] ?? 'Spot') : `Bill type ${b.type}`;
    const action = b.subType === '1' ? 'Buy' : b.subType === '2' ? 'Sell' : '';
    return [
      b.billId,
      b.ordId,
      utcText(b.ts),
      tradeType,
      b.instId || b.ccy,
      action,
      plain(b.sz),
      b.ccy,
      plain(b.px),
      plain(b.pnl),
      plain(b.fee),
      b.ccy,
      '0',
      '0',
      plain(b.balChg),
      plain(b.bal),
      b.ccy,
    ];
  });
  const fundingRows = funding.sort(byTime).map((b) => {
    const before = dec(b.bal).minus(dec(b.balChg));
    return [
      b.billId,
      utcText(b.ts),
      FUNDING_TYPES[b.type] ?? `Bill type ${b.type}`,
      plain(b.balChg),
      plain(before),
      plain(b.bal),
      b.ccy,
    ];
  });
  const lastBill = trading.reduce((m, b) => (newer(b.billId, m) ? b.billId : m), cursor.bill);
  const lastTs = Math.max(cursor.ts, ...funding.map((b) => b.ts));
  return {
    csv: renderCsv(TRADING, tradingRows),
    format: 'okx-trading',
    entries: tradingRows.length,
    more: [{ csv: renderCsv(FUNDING, fundingRows), format: 'okx-funding', entries: fundingRows.length }],
    cursor: trading.length || funding.length ? JSON.stringify({ bill: lastBill, ts: lastTs }) : null,
    warnings: warning ? [warning] : [],
  };
}
