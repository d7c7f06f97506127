import { deletePriceFile, listPriceFiles, uploadPriceFile } from '@lotwise/contracts/prices/prices';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { pricesKeys } from '@/lib/api/prices/keys';
import { callApi } from '@/lib/api-client';
import { postForm } from '@/lib/post-form';

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

export async function uploadPrices(input: PriceUpload): Promise<UploadAnswer> {
  const form = new FormData();
  if (input.asset?.trim()) form.append('asset', input.asset.trim().toUpperCase());
  if (input.currency) form.append('currency', input.currency);
  if (input.shared) form.append('shared', 'true');
  form.append('file', input.file, input.file.name);
  return postForm(uploadPriceFile, form);
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
