import { describe, expect, it } from 'vitest';
import { priceNeeds } from '../src/needs.ts';

describe('priceNeeds', () => {
  it('asks for what valuation may use, once per (asset, day), with the contract a file named', () => {
    const needs = priceNeeds(
      [
        // Fiat value in another currency: its FX rate, and the crypto leg as its backup.
        {
          timestamp: '2024-02-03T14:22:05Z',
          sent: { asset: 'GBP', amount: '500' },
          received: { asset: 'BTC', amount: '1' },
          fiat_value: { currency: 'GBP', amount: '500' },
        },
        // Crypto for crypto, fee in a third asset: both legs and the fee asset.
        {
          timestamp: '2024-02-10T09:01:44Z',
          sent: { asset: 'BTC', amount: '0.005' },
          received: { asset: 'ETH', amount: '0.14' },
          fee: { asset: 'BNB', amount: '0.01' },
        },
        // The same day again: nothing new.
        {
          timestamp: '2024-02-10T23:00:00Z',
          sent: { asset: 'ETH', amount: '0.1' },
          received: { asset: 'BTC', amount: '0.003' },
        },
        // A fee the user priced needs no price.
        {
          timestamp: '2024-02-11T00:00:00Z',
          received: { asset: 'USD', amount: '10' },
          sent: { asset: 'ETH', amount: '0.01' },
          fee: { asset: 'BNB', amount: '1' },
          feePrice: '300',
        },
        // An ERC-20 deposit: the token's contract comes along.
        {
          timestamp: '2024-03-26T09:03:47Z',
          received: { asset: 'uni', amount: '3' },
          token_contract: 'ethereum:0x1f9840a85d5af5bf1d1762f925bdaddc4201f984',
        },
      ],
      'USD',
    );
    expect(needs).toEqual([
      { asset: 'GBP', day: '2024-02-03' },
      { asset: 'BTC', day: '2024-02-03', unless: 'GBP' },
      { asset: 'BTC', day: '2024-02-10' },
      { asset: 'ETH', day: '2024-02-10' },
      { asset: 'BNB', day: '2024-02-10' },
      { asset: 'UNI', day: '2024-03-26', contract: 'ethereum:0x1f9840a85d5af5bf1d1762f925bdaddc4201f984' },
    ]);
  });
});
