import type Decimal from 'decimal.js';
import { z } from 'zod';
import { dec, decimalText, integer } from './exchange-api.ts';
import { type Endpoint, endpoint, rowsOf } from './windowed.ts';

/**
 * Binance's history endpoints read in time windows (sapi), each rendered as the statement's
 * lines: deposits and withdrawals, fiat, distributions, dust, converts, Simple Earn rewards.
 */
const NAME = 'Binance';
const DAY = 86_400_000;
const LAUNCH = Date.UTC(2017, 6, 1);

export interface BinanceLine {
  time: number;
  account: string;
  op: string;
  coin: string;
  change: Decimal;
  remark?: string;
}

export const credit = (
  time: number,
  op: string,
  coin: string,
  amount: string,
  account = 'Spot',
): BinanceLine => ({
  time,
  account,
  op,
  coin,
  change: dec(amount).abs(),
});

const deposit = z.object({ coin: z.string(), amount: decimalText, status: integer, insertTime: integer });
const withdrawal = z.object({
  coin: z.string(),
  amount: decimalText,
  transactionFee: decimalText,
  status: integer,
  applyTime: z.string().refine((t) => !Number.isNaN(Date.parse(`${t.replace(' ', 'T')}Z`))),
});
const fiat = z.object({
  fiatCurrency: z.string(),
  amount: decimalText,
  indicatedAmount: decimalText.optional(),
  status: z.string(),
  createTime: integer,
});
const dividend = z.object({
  amount: decimalText,
  asset: z.string(),
  divTime: integer,
  enInfo: z.string().default(''),
});
const dust = z.object({
  fromAsset: z.string(),
  amount: decimalText,
  transferedAmount: decimalText,
  operateTime: integer,
});
const convert = z.object({
  orderStatus: z.string(),
  fromAsset: z.string(),
  fromAmount: decimalText,
  toAsset: z.string(),
  toAmount: decimalText,
  createTime: integer,
});
const reward = z.object({
  asset: z.string(),
  rewards: decimalText.optional(),
  amount: decimalText.optional(),
  time: integer,
});

/** The statement's names for the distributions Binance describes in `enInfo`. */
function dividendOp(enInfo: string): string {
  const known = [
    'Staking Rewards',
    'BNB Vault Rewards',
    'ETH 2.0 Staking Rewards',
    'Launchpool Interest',
    'Airdrop Assets',
    'HODLer Airdrops Distribution',
    'Megadrop Rewards',
    'POS savings interest',
    'Liquid Swap rewards',
    'DOT Slot Auction Rewards',
    'Swap Farming Rewards',
  ];
  const exact = known.find((k) => k.toLowerCase() === enInfo.toLowerCase());
  if (exact) return exact;
  if (/launchpool/i.test(enInfo)) return 'Launchpool Interest';
  if (/vault/i.test(enInfo)) return 'BNB Vault Rewards';
  if (/staking/i.test(enInfo)) return 'Staking Rewards';
  if (/airdrop/i.test(enInfo)) return 'Airdrop Assets';
  return 'Distribution';
}

const window = (from: number, to: number) => ({ startTime: from, endTime: to - 1 });
export const BINANCE_ENDPOINTS: Endpoint<unknown, BinanceLine>[] = [
  endpoint<z.infer<typeof deposit>, BinanceLine>({
    what: 'deposits',
    method: 'sapiGetCapitalDepositHisrec',
    span: 90 * DAY,
    start: LAUNCH,
    params: window,
    rows: rowsOf(NAME, 'deposits', z.array(deposit), (r) => r),
    paging: { kind: 'offset', key: 'offset', size: 1000, first: 0 },
    time: (d) => d.insertTime,
    pending: (d) => [0, 8].includes(d.status),
    lines: (d) => {
      return [1, 6].includes(d.status) ? [credit(d.insertTime, 'Deposit', d.coin, d.amount)] : [];
    },
  }),
  endpoint<z.infer<typeof withdrawal>, BinanceLine>({
    what: 'withdrawals',
    method: 'sapiGetCapitalWithdrawHistory',
    span: 90 * DAY,
    start: LAUNCH,
    params: window,
    rows: rowsOf(NAME, 'withdrawals', z.array(withdrawal), (r) => r),
    paging: { kind: 'offset', key: 'offset', size: 1000, first: 0 },
    time: (w) => Date.parse(`${w.applyTime.replace(' ', 'T')}Z`),
    pending: (w) => [0, 2, 4].includes(w.status),
    lines: (w) => {
      if (w.status !== 6) return [];
      // The statement shows the withdrawal with its fee, as one debit.
      const gross = dec(w.amount).abs().plus(dec(w.transactionFee).abs()).neg();
      const time = Date.parse(`${w.applyTime.replace(' ', 'T')}Z`);
      return [
        {
          time,
          account: 'Spot',
          op: 'Withdraw',
          coin: w.coin,
          change: gross,
          remark: 'Withdraw fee is included',
        },
      ];
    },
  }),
  ...(['0', '1'] as const).map((type) =>
    endpoint<z.infer<typeof fiat>, BinanceLine>({
      what: type === '0' ? 'fiat deposits' : 'fiat withdrawals',
      method: 'sapiGetFiatOrders',
      span: 20 * 365 * DAY,
      start: LAUNCH,
      params: (from, to) => ({ transactionType: type, beginTime: from, endTime: to - 1, rows: 500 }),
      rows: rowsOf(NAME, 'fiat orders', z.object({ data: z.array(fiat).default([]) }), (r) => r.data),
      paging: { kind: 'page', key: 'page', size: 500, first: 1 },
      time: (f) => f.createTime,
      pending: (f) => f.status === 'Processing',
      lines: (f) => {
        if (!['Successful', 'Finished'].includes(f.status)) return [];
        if (type === '0') return [credit(f.createTime, 'Fiat Deposit', f.fiatCurrency, f.amount)];
        const gross = dec(f.indicatedAmount ?? f.amount)
          .abs()
          .neg();
        return [
          { time: f.createTime, account: 'Spot', op: 'Fiat Withdraw', coin: f.fiatCurrency, change: gross },
        ];
      },
    }),
  ),
  endpoint<z.infer<typeof dividend>, BinanceLine>({
    what: 'distributions',
    method: 'sapiGetAssetAssetDividend',
    span: 90 * DAY,
    start: LAUNCH,
    params: (from, to) => ({ ...window(from, to), limit: 500 }),
    rows: rowsOf(NAME, 'distributions', z.object({ rows: z.array(dividend).default([]) }), (r) => r.rows),
    paging: { kind: 'narrow', size: 500 },
    time: (d) => d.divTime,
    lines: (d) => {
      return [credit(d.divTime, dividendOp(d.enInfo), d.asset, d.amount)];
    },
  }),
  endpoint<z.infer<typeof dust>, BinanceLine>({
    what: 'dust conversions',
    method: 'sapiGetAssetDribblet',
    span: 90 * DAY,
    start: LAUNCH,
    params: window,
    rows: rowsOf(
      NAME,
      'dust conversions',
      z.object({
        userAssetDribblets: z.array(z.object({ userAssetDribbletDetails: z.array(dust) })).default([]),
      }),
      (r) => r.userAssetDribblets.flatMap((g) => g.userAssetDribbletDetails),
    ),
    paging: { kind: 'narrow', size: 100 },
    time: (d) => d.operateTime,
    lines: (d) => {
      const op = 'Small Assets Exchange BNB';
      const out = {
        time: d.operateTime,
        account: 'Spot',
        op,
        coin: d.fromAsset,
        change: dec(d.amount).abs().neg(),
      };
      return [out, credit(d.operateTime, op, 'BNB', d.transferedAmount)];
    },
  }),
  endpoint<z.infer<typeof convert>, BinanceLine>({
    what: 'converts',
    method: 'sapiGetConvertTradeFlow',
    span: 30 * DAY,
    start: Date.UTC(2020, 0, 1),
    params: (from, to) => ({ ...window(from, to), limit: 1000 }),
    rows: rowsOf(NAME, 'converts', z.object({ list: z.array(convert).default([]) }), (r) => r.list),
    paging: { kind: 'narrow', size: 1000 },
    time: (c) => c.createTime,
    pending: (c) => c.orderStatus === 'PROCESS',
    lines: (c) => {
      if (c.orderStatus !== 'SUCCESS') return [];
      const op = 'Binance Convert';
      const out = {
        time: c.createTime,
        account: 'Spot',
        op,
        coin: c.fromAsset,
        change: dec(c.fromAmount).abs().neg(),
      };
      return [out, credit(c.createTime, op, c.toAsset, c.toAmount)];
    },
  }),
  ...[
    ...['REWARDS', 'REALTIME', 'BONUS'].map((type) => ({ type, locked: false })),
    { type: '', locked: true },
  ].map(({ type, locked }) =>
    endpoint<z.infer<typeof reward>, BinanceLine>({
      what: locked ? 'locked earn rewards' : 'flexible earn rewards',
      method: locked
        ? 'sapiGetSimpleEarnLockedHistoryRewardsRecord'
        : 'sapiGetSimpleEarnFlexibleHistoryRewardsRecord',
      span: 90 * DAY,
      start: Date.UTC(2020, 0, 1),
      params: (from, to) => ({ ...window(from, to), size: 100, ...(type ? { type } : {}) }),
      rows: rowsOf(NAME, 'earn rewards', z.object({ rows: z.array(reward).default([]) }), (r) => r.rows),
      paging: { kind: 'page', key: 'current', size: 100, first: 1 },
      time: (r) => r.time,
      lines: (r) => {
        const op = locked ? 'Simple Earn Locked Rewards' : 'Simple Earn Flexible Interest';
        return [
          { ...credit(r.time, op, r.asset, r.rewards ?? r.amount ?? '0', 'Earn'), remark: 'Binance Earn' },
        ];
      },
    }),
  ),
];
