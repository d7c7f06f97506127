import { describe, expect, it } from 'vitest';
import { blockedWhileViewing, withoutClientOnly } from './viewing-client';

describe('pages an accountant inside a client’s account is not offered (issue 32)', () => {
  it('blocks the client’s own pages and keeps the tax work', () => {
    for (const path of [
      '/settings',
      '/settings/profile',
      '/settings/mfa-security',
      '/work_with_tax_pro',
      '/labs/price/BTC',
    ])
      expect(blockedWhileViewing(path), path).toBe(true);
    for (const path of [
      '/dashboard',
      '/transactions',
      '/tax',
      '/review',
      '/settings/prices',
      '/settings/export',
    ])
      expect(blockedWhileViewing(path), path).toBe(false);
  });

  it('drops those links from the navigation, also inside menus and with a query', () => {
    const items = [
      { label: 'Tax', to: '/tax' },
      { label: 'Labs', to: '/labs/dashboard' },
      {
        label: 'More',
        children: [{ label: 'Add Your Accountant', to: '/work_with_tax_pro' }, { label: 'Support' }],
      },
      { label: 'Plans', to: '/pricing?callUrl=settings' },
    ];
    expect(withoutClientOnly(items)).toEqual([
      { label: 'Tax', to: '/tax' },
      { label: 'More', children: [{ label: 'Support' }] },
    ]);
  });
});
