import type { FormatDefinition } from '../core/types.ts';
import { createStatementParser } from './binance-statement-common.ts';

export const binanceStatementV1: FormatDefinition = {
  id: 'binance-statement-v1',
  label: 'Binance transaction history statement (v1, UTC_Time)',
  detect: (cells) => cells[0] === 'UTC_Time' && cells[1] === 'Account',
  required: ['UTC_Time', 'Account', 'Operation', 'Coin', 'Change'],
  create: (_h, ctx) => createStatementParser({ time: 'UTC_Time', style: 'iso' }, ctx),
};
