import {
  HARDWARE_POLL_MS,
  HARDWARE_WALLET_ACTIVE,
  type HardwareAccount,
  type HardwareAccountState,
  hardwareWalletStatus,
} from '@lotwise/contracts/wallets/hardware-wallets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { type WalletAppBridge, walletAppAccounts } from '../utils/wallet-app';
import { walletsKeys } from './keys';

export interface HardwareRow extends HardwareAccount {
  state: HardwareAccountState['state'];
}

const ACTIVE = new Set<string>(HARDWARE_WALLET_ACTIVE);

/**
 * The wallet app's accounts of the coins Lotwise reads (§4: only active coins), each with its
 * state here; polled every 2 seconds while one is importing (§4, §9).
 */
export const hardwareAccountsQueryOptions = (bridge: WalletAppBridge) =>
  queryOptions({
    queryKey: [...walletsKeys.all, 'hardware'] as const,
    queryFn: async ({ signal }): Promise<HardwareRow[]> => {
      const accounts = (await walletAppAccounts(bridge)).filter((a) => ACTIVE.has(a.currencyCode));
      if (accounts.length === 0) return [];
      const status = await callApi(hardwareWalletStatus, { body: { accounts }, signal });
      const byId = new Map(status.data.map((s) => [s.id, s.state]));
      return accounts.map((a) => ({ ...a, state: byId.get(a.id) ?? 'new' }));
    },
    refetchInterval: (query) =>
      query.state.data?.some((a) => a.state === 'pending') ? HARDWARE_POLL_MS : false,
    meta: { inlineError: true },
  });

export function useHardwareAccounts(bridge: WalletAppBridge | null) {
  return useQuery({
    ...hardwareAccountsQueryOptions(bridge ?? { getAccounts: async () => [] }),
    enabled: bridge !== null,
  });
}
