import type { FormatDefinition } from '../core/types.ts';
import { createStatementParser } from './binance-statement-common.ts';

export const binanceStatementV3: FormatDefinition = {
  id: 'binance-statement-v3',
  label: 'Binance transaction history statement (2024+, two-digit years)',
  detect: (cells) => cells[0] === 'User ID' && cells[1] === 'Time' && cells[2] === 'Account',
  required: ['Time', 'Account', 'Operation', 'Coin', 'Change'],
  create: (_h, ctx) => createStatementParser({ time: 'Time', style: 'yy-mm-dd' }, ctx),
};
