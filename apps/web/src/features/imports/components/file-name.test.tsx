import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { breakableParts, FileName } from './file-name';

describe('FileName', () => {
  it('cuts a name after each separator, keeping every character', () => {
    const name = 'coinbase_transaction-history 2024.csv';
    const parts = breakableParts(name);
    expect(parts).toEqual(['coinbase_', 'transaction-', 'history ', '2024.', 'csv']);
    expect(parts.join('')).toBe(name);
    expect(breakableParts('plain')).toEqual(['plain']);
  });

  it('shows the whole name with a break opportunity after each separator, not inside words', () => {
    const { container } = renderWithProviders(<FileName name="kraken_ledgers-2024.csv" />);
    const span = container.querySelector('span');
    expect(span?.textContent).toBe('kraken_ledgers-2024.csv');
    expect(span?.querySelectorAll('wbr')).toHaveLength(3);
    expect(span?.style.overflowWrap).toBe('anywhere');
    expect(span?.style.wordBreak).toBe('');
  });
});
