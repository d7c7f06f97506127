import {
  deleteBrokerForm,
  listBrokerFormLines,
  listBrokerForms,
  type TypedBrokerFormBody,
  typeBrokerForm,
  uploadBrokerForm,
} from '@lotwise/contracts/tax/broker-forms';
import { getTieOut, type TieOutStatus } from '@lotwise/contracts/tax/tie-out';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useTaxDetails } from '@/lib/api/tax/get-details';
import { ApiError, callApi } from '@/lib/api-client';
import { postForm } from '@/lib/post-form';

export const brokerFormsKeys = {
  all: ['broker-forms'] as const,
  year: (year: number) => [...brokerFormsKeys.all, 'year', year] as const,
  lines: (id: number) => [...brokerFormsKeys.all, 'lines', id] as const,
};

export const brokerFormsQueryOptions = (year: number) =>
  queryOptions({
    queryKey: brokerFormsKeys.year(year),
    queryFn: async ({ signal }) => (await callApi(listBrokerForms, { query: { year }, signal })).data,
  });

/** The year's Forms 1099-DA and their box 4 total (years before 2025 have none: not asked). */
export function useBrokerForms(year: number) {
  return useQuery({ ...brokerFormsQueryOptions(year), enabled: year >= 2025 });
}

export function useBrokerFormLines(id: number | null) {
  return useQuery({
    queryKey: brokerFormsKeys.lines(id ?? 0),
    queryFn: async ({ signal }) =>
      (await callApi(listBrokerFormLines, { params: { id: id ?? 0 }, signal })).data,
    enabled: id !== null,
  });
}

type Saved = z.infer<typeof uploadBrokerForm.response>;

export interface BrokerFormUpload {
  file: File;
  accountId: number;
  year: number;
}

export async function uploadForm(input: BrokerFormUpload): Promise<Saved> {
  const form = new FormData();
  form.append('account_id', String(input.accountId));
  form.append('year', String(input.year));
  form.append('file', input.file, input.file.name);
  return postForm(uploadBrokerForm, form);
}

export function useUploadBrokerForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadForm,
    // The form lists every problem itself.
    meta: { inlineError: true },
    onSuccess: () => client.invalidateQueries({ queryKey: brokerFormsKeys.all }),
  });
}

export function useTypeBrokerForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TypedBrokerFormBody) => callApi(typeBrokerForm, { body }),
    meta: { inlineError: true },
    onSuccess: () => client.invalidateQueries({ queryKey: brokerFormsKeys.all }),
  });
}

export function useDeleteBrokerForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteBrokerForm, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: brokerFormsKeys.all }),
  });
}

export interface TieOutFilter {
  status?: TieOutStatus | undefined;
  asset?: string | undefined;
  page: number;
}

/**
 * The year's tie-out (null: no calculation yet, nothing to tie out to). Its key names the latest
 * calculation (the tax details' trace id and finish time, refreshed by the realtime channel):
 * a recalculation that finishes reads it again, whatever changed the transactions before it.
 */
export function useTieOut(year: number, filter: TieOutFilter, enabled: boolean) {
  const details = useTaxDetails();
  const calculation = details.data ? `${details.data.trace_id}|${details.data.last_calculated_at}` : null;
  return useQuery({
    queryKey: [...brokerFormsKeys.all, 'tie-out', year, filter, calculation] as const,
    queryFn: async ({ signal }) => {
      try {
        const query = { page: filter.page, per_page: 25, status: filter.status, asset: filter.asset };
        return (await callApi(getTieOut, { params: { year }, query, signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: enabled && !details.isPending,
    // The page shows the error in place of the tie-out (no toast besides).
    meta: { inlineError: true },
    placeholderData: (previous) => previous,
  });
}
