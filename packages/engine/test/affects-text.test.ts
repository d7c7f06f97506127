import { describe, expect, it } from 'vitest';
import { affectsText } from '../src/affects-text.ts';

describe('affectsText', () => {
  it('says the year figures a warning touches in words', () => {
    expect(affectsText(['2024.proceeds', '2024.shortTermGain', '2024.longTermGain'])).toBe(
      'the 2024 proceeds, short-term gain and long-term gain',
    );
    expect(affectsText(['2023.income', 'basis of ETH lot 9'])).toBe(
      'the 2023 income and the cost basis of the ETH it acquired (and the gain when that ETH is sold)',
    );
  });
});
