import { describe, expect, it } from 'vitest';
import { defaultTaxYear, taxYearOptions, validTaxYear } from './tax-year';

describe('defaultTaxYear', () => {
  it('is the previous year from January to November', () => {
    expect(defaultTaxYear(new Date(2026, 0, 1))).toBe(2025);
    expect(defaultTaxYear(new Date(2026, 10, 30, 23, 59))).toBe(2025);
  });
  it('is the current year in December', () => {
    expect(defaultTaxYear(new Date(2026, 11, 1))).toBe(2026);
    expect(defaultTaxYear(new Date(2026, 11, 31))).toBe(2026);
  });
});

describe('taxYearOptions', () => {
  it('lists the current year and the 4 before it', () => {
    expect(taxYearOptions(new Date(2026, 4, 10))).toEqual([2026, 2025, 2024, 2023, 2022]);
  });
  it('validates stored years against the picker', () => {
    const now = new Date(2026, 4, 10);
    expect(validTaxYear('2024', now)).toBe(2024);
    expect(validTaxYear(2021, now)).toBeNull();
    expect(validTaxYear('nonsense', now)).toBeNull();
  });
});
