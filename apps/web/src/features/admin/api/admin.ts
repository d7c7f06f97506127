import {
  adminGrantPlan,
  adminListJobs,
  adminListUsers,
  adminUpdateUser,
} from '@lotwise/contracts/taxpro/taxpro';
import type { Role } from '@lotwise/contracts/users/user';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

const adminKeys = {
  all: ['admin'] as const,
  users: (q: string, page: number) => [...adminKeys.all, 'users', q, page] as const,
  jobs: (failed: boolean, page: number) => [...adminKeys.all, 'jobs', failed, page] as const,
};

export function useAdminUsers(q: string, page: number) {
  return useQuery({
    queryKey: adminKeys.users(q, page),
    queryFn: ({ signal }) =>
      callApi(adminListUsers, { query: { q: q || undefined, page, per_page: 20 }, signal }),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; roles?: Role[]; disabled?: boolean }) =>
      callApi(adminUpdateUser, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useGrantPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; tax_year: number; plan_id: string }) =>
      callApi(adminGrantPlan, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useAdminJobs(failed: boolean, page: number) {
  return useQuery({
    queryKey: adminKeys.jobs(failed, page),
    queryFn: ({ signal }) =>
      callApi(adminListJobs, {
        query: { status: failed ? 'failed' : undefined, page, per_page: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
}
