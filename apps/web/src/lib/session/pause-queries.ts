import { onlineManager, type QueryClient } from '@tanstack/react-query';

/**
 * Holds every query (TanStack does not fetch while it believes it is offline) and aborts those
 * in flight; returns the undo. For the moments a session is ending or changing hands, when any
 * request on the old cookie would be refused 401.
 */
export async function pauseQueries(client: QueryClient): Promise<() => void> {
  onlineManager.setOnline(false);
  await client.cancelQueries();
  return () => onlineManager.setOnline(true);
}
