import { errorResponse } from '@lotwise/contracts/http';
import { deletePriceFile, listPriceFiles, uploadPriceFile } from '@lotwise/contracts/prices/prices';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, callApi } from '@/lib/api-client';
import { readCookie } from '@/lib/cookies';
import { pricesKeys } from './keys';

export const priceFilesQueryOptions = () =>
  queryOptions({
    queryKey: pricesKeys.files(),
    queryFn: ({ signal }) => callApi(listPriceFiles, { signal }),
  });

export function usePriceFiles() {
  return useQuery(priceFilesQueryOptions());
}

export interface PriceUpload {
  file: File;
  /** CoinGecko's export names no coin: which asset it is. */
  asset?: string | undefined;
  currency?: string | undefined;
  /** Admins: load into the instance's shared table. */
  shared?: boolean | undefined;
}

type UploadAnswer = z.infer<typeof uploadPriceFile.response>;

/** POST multipart/form-data (fields first, the file last), with the CSRF header. */
export async function uploadPrices(input: PriceUpload): Promise<UploadAnswer> {
  const form = new FormData();
  if (input.asset?.trim()) form.append('asset', input.asset.trim().toUpperCase());
  if (input.currency) form.append('currency', input.currency);
  if (input.shared) form.append('shared', 'true');
  form.append('file', input.file, input.file.name);
  const response = await fetch(uploadPriceFile.path, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { accept: 'application/json', 'x-csrf-token': readCookie('lotwise_csrf') ?? '' },
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorResponse.safeParse(payload);
    if (parsed.success) {
      const { code, message, messages, field } = parsed.data;
      throw new ApiError(response.status, code, message, messages, field);
    }
    throw new ApiError(response.status, 'internal', 'The upload failed. Please try again.', []);
  }
  const parsed = uploadPriceFile.response.safeParse(payload);
  if (!parsed.success)
    throw new ApiError(response.status, 'internal', 'The server sent an unexpected answer.', []);
  return parsed.data;
}

export function useUploadPrices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadPrices,
    // The form lists every problem itself.
    meta: { inlineError: true },
    // Prices change the tax results too: the "recalculate" notices read their state again.
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useDeletePriceFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (origin: string) => callApi(deletePriceFile, { query: { origin } }),
    onSuccess: () => client.invalidateQueries(),
  });
}
