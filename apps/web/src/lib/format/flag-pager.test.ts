import { describe, expect, it } from 'vitest';
import { isTruthyFlag } from './flag';
import { nextPage, pagerVisible, pageWindow, showingText, totalPages } from './pager';

describe('isTruthyFlag', () => {
  it.each([true, 'true', 1, '1'])('%s is true', (v) => expect(isTruthyFlag(v)).toBe(true));
  it.each([false, 'false', 0, '0', null, undefined, 'yes', 2])('%s is false', (v) =>
    expect(isTruthyFlag(v)).toBe(false),
  );
});

describe('pager', () => {
  it('ignores pages below 1 or above the total', () => {
    expect(nextPage(3, 0, 5)).toBe(3);
    expect(nextPage(3, 6, 5)).toBe(3);
    expect(nextPage(3, 5, 5)).toBe(5);
    expect(nextPage(3, 2.5, 5)).toBe(3);
  });
  it('is hidden with one page or fewer', () => {
    expect(pagerVisible(0)).toBe(false);
    expect(pagerVisible(1)).toBe(false);
    expect(pagerVisible(2)).toBe(true);
  });
  it('counts pages and windows', () => {
    expect(totalPages(41, 20)).toBe(3);
    expect(totalPages(0, 20)).toBe(0);
    expect(pageWindow(1, 30)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(30, 30)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(pageWindow(2, 3, 3)).toEqual([1, 2, 3]);
  });
  it('describes the visible range', () => {
    expect(showingText(2, 20, 1041)).toBe('Showing 21 to 40 of 1,041 entries');
    expect(showingText(1, 20, 0)).toBe('Showing 0 to 0 of 0 entries');
  });
});
