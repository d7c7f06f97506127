import { describe, expect, it } from 'vitest';
import { buttonAction, buttonLabel } from './button-state';
import { lastUpdatedText } from './last-updated';

const base = {
  tax_year: 2024,
  stale_reasons: [],
  tax_calculated: null,
  need_tax_calculation: true,
  taxable_or_incoming: true,
  total_transactions: 4,
  first_import: false,
  last_calculated_at: null,
  trace_id: null,
};

describe('tax button state (spec 01 §4)', () => {
  it('is disabled with nothing taxable or incoming', () => {
    expect(buttonAction({ ...base, taxable_or_incoming: false }, false)).toBe('disabled');
  });
  it('starts a first calculation, then asks to restart on a second click', () => {
    expect(buttonAction(base, false)).toBe('calculate');
    expect(buttonAction(base, true)).toBe('restart');
  });
  it('asks to restart when a calculation started but did not finish', () => {
    expect(buttonAction({ ...base, tax_calculated: false }, false)).toBe('restart');
  });
  it('views taxes when calculated and up to date, calculates again when stale', () => {
    const done = { ...base, tax_calculated: true, need_tax_calculation: false };
    expect(buttonAction(done, false)).toBe('view');
    expect(buttonAction({ ...done, need_tax_calculation: true }, false)).toBe('calculate');
  });
  it('labels Taxes on desktop and Tax on mobile', () => {
    expect(buttonLabel('view', false)).toBe('View Taxes');
    expect(buttonLabel('calculate', true)).toBe('Calculate Tax');
  });
});

describe('refresh control text', () => {
  const now = new Date('2024-06-10T12:00:00Z');
  it('counts whole days, says just now on the day, Updating while running', () => {
    expect(lastUpdatedText('2024-06-07T11:00:00Z', false, now)).toBe('Calculations last updated 3 days ago.');
    expect(lastUpdatedText('2024-06-09T11:00:00Z', false, now)).toBe('Calculations last updated 1 day ago.');
    expect(lastUpdatedText('2024-06-10T11:59:00Z', false, now)).toBe('Calculations last updated just now.');
    expect(lastUpdatedText('2024-06-01T00:00:00Z', true, now)).toBe('Updating');
  });
});
