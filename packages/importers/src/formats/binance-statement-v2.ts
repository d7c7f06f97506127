import type { FormatDefinition } from '../core/types.ts';
import { createStatementParser } from './binance-statement-common.ts';

export const binanceStatementV2: FormatDefinition = {
  id: 'binance-statement-v2',
  label: 'Binance transaction history statement (v2, User_ID + UTC_Time)',
  detect: (cells) => cells[0] === 'User_ID' && cells[1] === 'UTC_Time',
  required: ['UTC_Time', 'Account', 'Operation', 'Coin', 'Change'],
  create: (_h, ctx) => createStatementParser({ time: 'UTC_Time', style: 'iso' }, ctx),
};
