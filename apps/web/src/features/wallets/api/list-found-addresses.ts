import { walletFinderList } from '@lotwise/contracts/wallets/wallet-finder';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { walletsKeys } from './keys';

/** Addresses the user's wallets transacted with that are not imported or dismissed yet. */
export const foundAddressesQueryOptions = () =>
  queryOptions({
    queryKey: walletsKeys.finder(),
    queryFn: ({ signal }) => callApi(walletFinderList, { signal }),
    select: (result) => result.data,
    meta: { inlineError: true },
  });

export function useFoundAddresses() {
  return useQuery(foundAddressesQueryOptions());
}
