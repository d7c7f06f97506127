import { readStorage, writeStorage } from '@/lib/storage';
import { type ServerLayout, useLayoutFlags } from '../api/get-layout-flags';
import type { Filters } from '../utils/list-state';
import { saveFiltersForReload, TX_STORAGE } from './use-list-state';

export type Layout = ServerLayout;

const FULL_RELOAD_CATEGORIES = [
  'nft_mint',
  'nft_mint_deposit',
  'nft_mint_withdrawal',
  'nft_mint_trade',
  'nft_mint_no_mint_fee',
  'ico',
];

/**
 * The layout: the server flags choose (legacy on any flag error); the Legacy version toggle
 * overrides that choice in local storage, saving the filters first and reloading (spec 02 §2).
 */
export function useLayout() {
  const flags = useLayoutFlags();
  const server: Layout = flags.data?.layout ?? 'legacy';
  const override = readStorage(TX_STORAGE.layout);
  const layout: Layout =
    override === 'legacy' ? 'legacy' : override === 'new' && server === 'legacy' ? 'grouped' : server;
  return {
    ready: !flags.isPending,
    layout,
    visibilityFilter: flags.data?.visibilityFilter ?? false,
    toggleLegacy(filters: Filters, category: string) {
      writeStorage(TX_STORAGE.layout, layout === 'legacy' ? 'new' : 'legacy');
      saveFiltersForReload(filters);
      if (FULL_RELOAD_CATEGORIES.includes(category)) window.location.assign('/transactions?txnType=all');
      else window.location.reload();
    },
  };
}
