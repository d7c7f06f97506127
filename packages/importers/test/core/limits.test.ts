import { isWellFormedAsset } from '@lotwise/engine/assets';
import { describe, expect, it } from 'vitest';
import { ASSET_CODE } from '../../src/core/limits.ts';

/**
 * An imported asset code is one the engine can use: a code the engine skips (its sales and
 * income then missing from every report while the import said complete) is a row error at
 * import instead. The two rules must agree on every code.
 */
describe('asset codes', () => {
  const codes = [
    'BTC',
    'eth',
    '1000SATS',
    'USDC.E',
    'BTC-PERP',
    'ETH:ARB',
    'LP/ETH-USDC',
    'WIF$',
    'A+B',
    'x'.repeat(64),
    'x'.repeat(65),
    '@SUM',
    '=1+1',
    '-2+3',
    '+1',
    '$PEPE',
    ' BTC',
    'BT C',
    '',
    '💥',
    'BTC\n',
    '<script>',
  ];

  it('the importers and the engine agree on every code', () => {
    for (const code of codes)
      expect(ASSET_CODE.test(code), JSON.stringify(code)).toBe(isWellFormedAsset(code));
  });

  it('refuses what a spreadsheet would run as a formula', () => {
    for (const code of ['@SUM', '=1+1', '-2+3', '+1']) expect(ASSET_CODE.test(code), code).toBe(false);
  });
});
