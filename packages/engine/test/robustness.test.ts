import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculate } from '../src/calculate.ts';
import type { EngineTransaction } from '../src/types.ts';

const text = fc.oneof(
  fc.string(),
  fc.constantFrom('', '-1', '1e3', '0', 'abc', '1.2.3', ' 5 ', 'NaN', 'Infinity', '0x10'),
);
const asset = fc.oneof(fc.constantFrom('BTC', 'ETH', 'USD', 'EUR', '', ' ', 'b@d'), fc.string());
const leg = fc.oneof(fc.constant(null), fc.record({ asset, amount: text }), fc.anything());
const row = fc.record(
  {
    id: fc.oneof(fc.string(), fc.constant('dup')),
    wallet: fc.constantFrom('A', 'B', ''),
    timestamp: fc.oneof(
      fc.constantFrom('2024-01-01T00:00:00Z', '2024-02-30', 'garbage', '', '2025-06-01'),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    ),
    kind: fc.constantFrom('buy', 'sell', 'trade', 'deposit', 'withdrawal', 'income', 'spend', 'fee', 'weird'),
    sent: leg,
    received: leg,
    fee: leg,
    fiat_value: fc.oneof(
      fc.constant(null),
      fc.record({ currency: fc.constantFrom('USD', 'EUR', 'XXX'), amount: text }),
    ),
    classification: fc.oneof(
      fc.constant(null),
      fc.constantFrom(
        'self_transfer',
        'swap',
        'gift_received',
        'staking_return',
        'margin_trading_fee',
        'lost',
      ),
      fc.string(),
    ),
    pairId: fc.oneof(fc.constant(null), fc.constantFrom('p1', 'p2')),
    donorBasis: fc.oneof(
      fc.constant(null),
      fc.record({ amount: text, acquiredAt: fc.oneof(fc.constant(null), fc.string()) }),
    ),
  },
  { requiredKeys: [] },
);

describe('robustness', () => {
  it('never throws, whatever the rows look like, in every mode', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof({ weight: 9, arbitrary: row }, { weight: 1, arbitrary: fc.anything() }), {
          maxLength: 30,
        }),
        fc.constantFrom('universal' as const, 'per-wallet' as const, 'us-2025' as const),
        fc.constantFrom('fifo' as const, 'hifo' as const),
        (rows, basis, method) => {
          const result = calculate(rows as unknown as EngineTransaction[], {
            basis,
            method,
            timeZone: 'America/New_York',
            prices: (a) =>
              a === 'ETH'
                ? '2000'
                : a === 'throws'
                  ? (() => {
                      throw new Error('x');
                    })()
                  : null,
          });
          expect(Array.isArray(result.warnings)).toBe(true);
          for (const w of result.warnings) expect(typeof w.message).toBe('string');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('survives bad options', () => {
    const result = calculate([], {
      timeZone: 'Nowhere/Land',
      perWalletFrom: 'soon',
      basis: 'us-2025',
      checkpoints: ['x'],
    });
    expect(result.warnings.map((w) => w.code)).toEqual(['bad_option', 'bad_option', 'bad_option']);
    const odd = calculate(
      [
        {
          id: 'b',
          wallet: 'W',
          timestamp: '2024-01-01',
          kind: 'buy',
          sent: { asset: 'USD', amount: '1' },
          received: { asset: 'BTC', amount: '1' },
        },
      ],
      {
        method: [{ fromYear: 2020, method: 'avg' as 'fifo' }],
        basis: 'pooled' as 'universal',
      },
    );
    expect(odd.warnings.map((w) => w.code)).toEqual(['bad_option', 'bad_option']);
    expect(odd.holdings).toHaveLength(1);
  });
});
