import type { CallBody } from '@lotwise/contracts/http';
import {
  finishOauth,
  listOauthProviders,
  type OauthProvider,
  revokeOauth,
  startOauth,
} from '@lotwise/contracts/oauth/oauth';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { importsKeys } from '@/lib/api/imports/keys';
import { callApi } from '@/lib/api-client';

export const oauthKeys = { providers: ['oauth', 'providers'] as const };

/** The exchanges this server can connect by signing in there (none: the option is hidden). */
export function useOauthProviders() {
  return useQuery({
    queryKey: oauthKeys.providers,
    queryFn: () => callApi(listOauthProviders, {}),
    staleTime: 5 * 60_000,
    meta: { inlineError: true },
  });
}

/** Starts the consent: the browser leaves for the exchange's sign-in page. */
export function useStartOauth() {
  return useMutation({
    mutationFn: (input: { provider: OauthProvider; customName?: string }) =>
      callApi(startOauth, {
        params: { provider: input.provider },
        body: { custom_name: input.customName || undefined },
      }),
    meta: { inlineError: true },
    onSuccess: (res) => {
      window.location.assign(res.data.authorization_url);
    },
  });
}

export type FinishOauthAnswer = CallBody<typeof finishOauth>;

/** The redirect page posts what the exchange sent back. */
export function useFinishOauth() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { provider: OauthProvider; answer: FinishOauthAnswer }) =>
      callApi(finishOauth, { params: { provider: input.provider }, body: input.answer }),
    meta: { inlineError: true },
    onSuccess: (res) => {
      notifications.show({ color: 'teal', message: res.message });
      return client.invalidateQueries({ queryKey: importsKeys.all });
    },
  });
}

/** Disconnect an account connected by OAuth (the exchange revokes the token). */
export function useRevokeOauth() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (historyId: number) => callApi(revokeOauth, { params: { id: historyId } }),
    onSuccess: (res) => {
      notifications.show({ color: 'teal', message: res.message });
      return client.invalidateQueries({ queryKey: importsKeys.all });
    },
  });
}
