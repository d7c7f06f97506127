import {
  acceptInvitationToken,
  answerInvitation,
  getClient,
  impersonate,
  inviteAccountant,
  inviteClient,
  invitePay,
  listAccessLog,
  listClients,
  listCustomerCpas,
  listPendingInvitations,
  revokeAccountant,
} from '@lotwise/contracts/taxpro/taxpro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { callApi } from '@/lib/api-client';
import { holdQueriesForSessionSwitch } from '@/lib/session/hold-queries';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';

export const taxProKeys = {
  all: ['taxpro'] as const,
  clients: (q: string, page: number) => [...taxProKeys.all, 'clients', q, page] as const,
  accountants: () => [...taxProKeys.all, 'accountants'] as const,
  pending: () => [...taxProKeys.all, 'pending'] as const,
  accessLog: (page: number) => [...taxProKeys.all, 'access-log', page] as const,
};

export function useClients(q: string, page: number) {
  return useQuery({
    queryKey: taxProKeys.clients(q, page),
    queryFn: ({ signal }) =>
      callApi(listClients, { query: { q: q || undefined, page, per_page: 20 }, signal }),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
}

export function useInviteClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => callApi(inviteClient, { body: { email } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...taxProKeys.all, 'clients'] }),
    meta: { inlineError: true },
  });
}

/** spec 01 §4: starting stores where to come back to and goes to /dashboard as the client. */
export function useImpersonate() {
  const client = useQueryClient();
  const resume = useRef<() => void>(() => {});
  return useMutation({
    mutationFn: async (id: number) => {
      resume.current = await holdQueriesForSessionSwitch(client);
      return callApi(impersonate, { params: { id } });
    },
    onError: () => resume.current(),
    onSuccess: () => {
      writeStorage(STORAGE_KEYS.maskRedirect, window.location.pathname + window.location.search);
      // The page load drops every cached answer. Clearing the cache here instead made the page
      // still shown refetch its queries on the client's session (a 403 on the accountant's
      // client page, issue 35.15).
      window.location.assign('/dashboard');
    },
  });
}

export function useAccountants() {
  return useQuery({
    queryKey: taxProKeys.accountants(),
    queryFn: ({ signal }) => callApi(listCustomerCpas, { signal }),
    meta: { inlineError: true },
  });
}

export function useInviteAccountant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => callApi(inviteAccountant, { body: { email } }),
    onSuccess: () => client.invalidateQueries({ queryKey: taxProKeys.accountants() }),
    meta: { inlineError: true },
  });
}

export function useRevokeAccountant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(revokeAccountant, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: taxProKeys.accountants() }),
  });
}

export function usePendingInvitations(enabled: boolean) {
  return useQuery({
    queryKey: taxProKeys.pending(),
    queryFn: ({ signal }) => callApi(listPendingInvitations, { signal }),
    enabled,
    meta: { inlineError: true },
  });
}

export function useAnswerInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      callApi(answerInvitation, { params: { id }, body: { accept } }),
    onSuccess: () => client.invalidateQueries({ queryKey: taxProKeys.all }),
  });
}

export function useAcceptToken() {
  return useMutation({
    mutationFn: (token: string) => callApi(acceptInvitationToken, { body: { token } }),
    meta: { inlineError: true },
  });
}

export function useAccessLog(page: number) {
  return useQuery({
    queryKey: taxProKeys.accessLog(page),
    queryFn: ({ signal }) => callApi(listAccessLog, { query: { page, per_page: 20 }, signal }),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
}

export function useClient(id: number) {
  return useQuery({
    queryKey: [...taxProKeys.all, 'client', id] as const,
    queryFn: ({ signal }) => callApi(getClient, { params: { id }, signal }),
    enabled: id > 0,
    meta: { inlineError: true },
  });
}

export function useInvitePay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { client_id: number; tax_year: number; plan_id: string }) =>
      callApi(invitePay, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: taxProKeys.all }),
    meta: { inlineError: true },
  });
}
