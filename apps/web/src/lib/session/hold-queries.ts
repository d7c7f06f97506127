import type { QueryClient } from '@tanstack/react-query';
import { pauseRealtime } from '@/lib/realtime';
import { pauseQueries } from './pause-queries';

/**
 * Before the session changes hands (entering or leaving a client's account). The server
 * retires the old session cookie, so a query still in flight, or one a page starts meanwhile
 * (a mount, a refetch), was answered 401 and could sign the user out mid-switch (seen in CI
 * under load). Every query is paused (TanStack holds fetches while it believes it is offline)
 * and those in flight are aborted, and the realtime socket is closed (pauseRealtime); the page
 * load that follows the switch starts afresh. Returns the undo, for a switch that failed and
 * leaves the user on the page: queries and live updates go on (a fresh tester found a failed
 * exit left the page without its socket, so a revocation no longer took the accountant out).
 */
export async function holdQueriesForSessionSwitch(client: QueryClient): Promise<() => void> {
  const resumeRealtime = pauseRealtime();
  const resumeQueries = await pauseQueries(client);
  return () => {
    resumeQueries();
    resumeRealtime();
  };
}
