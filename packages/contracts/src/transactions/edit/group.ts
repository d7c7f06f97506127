import { z } from 'zod';
import { defineCall } from '../../http.ts';
import { recordId } from '../../ids.ts';

/** Groups (spec 02 §4): rows combined under one lead (gt_id), staking marks, switch-trade types. */
export const GROUP_MESSAGE = 'Transactions group successful';
export const UNGROUP_MESSAGE = 'Transactions ungrouped successfully';

/** Switch-trade group types (spec 02 §3). */
export const SWITCH_TRADE_TYPES = [
  { value: 'switch_trade', label: 'Switch Trade' },
  { value: 'staking_lockup', label: 'Staking Lockup' },
  { value: 'staking_return', label: 'Staking Return' },
  { value: 'liquidity_pool_exit', label: 'Liquidity Pool Exit' },
  { value: 'liquidity_pool_enter', label: 'Liquidity Pool Enter' },
] as const;
export type SwitchTradeType = (typeof SWITCH_TRADE_TYPES)[number]['value'];
const switchTradeValues = SWITCH_TRADE_TYPES.map((t) => t.value) as [SwitchTradeType, ...SwitchTradeType[]];

/** Outgoing groups: Staking Lockup or back to Outgoing; incoming items: Staking Reward or Return. */
export const GROUP_STAKING_MARKS = ['staking_lockup', 'external_transfer'] as const;
export const ITEM_STAKING_MARKS = ['staking_reward', 'staking_return'] as const;

const id = recordId;

const ok = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ group_id: z.number().int().nullable(), count: z.number().int() }),
});

export const groupTransactions = defineCall({
  method: 'POST',
  path: '/api/traces/group_transactions',
  summary: 'Combine transactions into one group (selected groups merge)',
  tag: 'transactions',
  body: z.object({ ids: z.array(id).min(2).max(500) }),
  response: ok,
});

export const ungroupTransaction = defineCall({
  method: 'POST',
  path: '/api/traces/ungroup_transaction/',
  summary: 'Split a group back into its rows',
  tag: 'transactions',
  body: z.object({ id }),
  response: ok,
});

/** Staking marks on a group: the outgoing group's rows, or one incoming item. */
export const markGroupStaking = defineCall({
  method: 'POST',
  path: '/api/transaction/group_staking',
  summary:
    'Mark an outgoing group as Staking Lockup (or back to Outgoing), an incoming item as Staking Reward/Return',
  tag: 'transactions',
  body: z.object({
    id,
    type: z.enum([...GROUP_STAKING_MARKS, ...ITEM_STAKING_MARKS]),
  }),
  response: ok,
});

export const reclassifySwitchTrade = defineCall({
  method: 'POST',
  path: '/api/transaction/reclassify_switch_trade',
  summary: 'Reclassify a switch-trade group as another switch-trade type',
  tag: 'transactions',
  body: z.object({ group_id: id, type: z.enum(switchTradeValues) }),
  response: z.object({ status: z.literal('Success'), message: z.string() }),
});
