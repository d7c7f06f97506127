import { getSession, type SessionState } from '@lotwise/contracts/auth/session';
import { stopImpersonating as stopImpersonatingCall } from '@lotwise/contracts/taxpro/taxpro';
import type { User } from '@lotwise/contracts/users/user';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, setCsrfToken } from '@/lib/api-client';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';

export const sessionKeys = {
  all: ['session'] as const,
};

/** Whether the last session read was an accountant inside a client's account. */
let viewingClient = false;

/**
 * spec 01 §8: failing to fetch the user during impersonation stops the impersonation and
 * reloads (into where the accountant started, or the Tax Pro dashboard).
 */
export async function fetchSession(signal?: AbortSignal): Promise<SessionState> {
  try {
    const session = await callApi(getSession, { signal });
    setCsrfToken(session.csrf_token);
    viewingClient = session.masquerade !== null;
    return session;
  } catch (error) {
    if (viewingClient && !signal?.aborted) {
      viewingClient = false;
      await callApi(stopImpersonatingCall).catch(() => undefined);
      window.location.assign(readStorage(STORAGE_KEYS.maskRedirect) ?? '/tax_pro/dashboard');
    }
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 60_000,
    meta: { inlineError: true },
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** After sign-in, sign-up or a profile change: put the new state in the cache at once. */
export function storeSession(client: QueryClient, session: SessionState): void {
  setCsrfToken(session.csrf_token);
  client.setQueryData(sessionKeys.all, session);
}

export function storeUser(client: QueryClient, user: User): void {
  client.setQueryData<SessionState>(sessionKeys.all, (old) => (old ? { ...old, user } : old));
}

export function clearSessionUser(client: QueryClient): void {
  client.setQueryData<SessionState>(sessionKeys.all, (old) =>
    old ? { ...old, user: null, masquerade: null } : old,
  );
}

/** The signed-in user inside the shell (the guard has made sure there is one). */
export function useUser(): User {
  const { data } = useSession();
  if (!data?.user) throw new Error('useUser needs a signed-in user');
  return data.user;
}
