import { getSession } from '@lotwise/contracts/auth/session';
import { ACCESS_ENDED } from '@lotwise/contracts/taxpro/taxpro';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api-client';
import { pauseQueries } from './pause-queries';

/**
 * The socket closed because access to the account being viewed ended (4403). Every query
 * refetching at once on the ended session got one 403 (it hands the accountant their own
 * session back, and the page leaves for the tax-pro dashboard) and a 401 for each of the
 * others, each running the sign-out handler (a fresh tester counted nine). So the queries are
 * held and one call learns where the page is: on ACCESS_ENDED callApi has already sent the page
 * to the accountant's area; otherwise everything is read again, as before.
 */
export async function askOnceAfterAccessEnded(client: QueryClient, refetch: () => void): Promise<void> {
  const resume = await pauseQueries(client);
  try {
    await callApi(getSession);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'forbidden' && error.message === ACCESS_ENDED) return;
  }
  resume();
  refetch();
}
