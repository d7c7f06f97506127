import { strictListFilter } from '@lotwise/contracts/transactions/list-transactions';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, EMPTY_FILTERS, listBody } from './list-state';

/**
 * The filter a bulk change sends is the list's own payload, and the server reads it strictly
 * (an unknown key is a 400): every payload the list builds passes the strict schema.
 */
describe('the list payload a bulk change sends', () => {
  it('holds only keys the strict bulk filter knows, with every filter set, in both layouts', () => {
    const filters = {
      ...EMPTY_FILTERS,
      search: 'DOT',
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      exchanges: [3, 4],
      type: 'Deposit',
      marginType: 'Margin',
      methods: ['api'],
      statuses: ['errors'],
    };
    for (const legacy of [false, true]) {
      for (const id of [null, 7]) {
        const body = listBody('all', filters, DEFAULT_SORT, 2, 50, legacy, id);
        const parsed = strictListFilter.safeParse(body);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      }
    }
    expect(
      strictListFilter.safeParse(listBody('all', EMPTY_FILTERS, DEFAULT_SORT, 1, 20, false)).success,
    ).toBe(true);
  });
});
