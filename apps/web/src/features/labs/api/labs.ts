import {
  type CreateResearchBody,
  createResearchItem,
  deleteResearchItem,
  getLabsDashboard,
  getLabsPrice,
  type LabsSort,
  listLabsDiscover,
  listResearchItems,
  type PriceRange,
} from '@lotwise/contracts/labs/labs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** While a provider is asked in the background, a Labs page asks again this often (issue 35.11). */
export const PENDING_REFRESH_MS = 2000;

/** Ask again shortly while the server says a provider is being asked in the background. */
function whilePending(query: {
  state: { data?: { market: { pending: boolean }; chart_pending?: boolean } | undefined };
}): number | false {
  const data = query.state.data;
  return data && (data.market.pending || data.chart_pending === true) ? PENDING_REFRESH_MS : false;
}

/** Query keys of Labs; adding or deleting a research item reads the research list again. */
export const labsKeys = {
  all: ['labs'] as const,
  dashboard: (sort: LabsSort) => [...labsKeys.all, 'dashboard', sort] as const,
  discover: (input: DiscoverInput) => [...labsKeys.all, 'discover', input] as const,
  research: (sort: LabsSort) => [...labsKeys.all, 'research', sort] as const,
  price: (id: string, range: PriceRange) => [...labsKeys.all, 'price', id, range] as const,
};

export function useLabsDashboard(sort: LabsSort) {
  return useQuery({
    queryKey: labsKeys.dashboard(sort),
    queryFn: ({ signal }) => callApi(getLabsDashboard, { query: { sort }, signal }),
    refetchInterval: whilePending,
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
}

export interface DiscoverInput {
  q: string;
  held: boolean;
  page: number;
  perPage: number;
}

export function useLabsDiscover(input: DiscoverInput) {
  return useQuery({
    queryKey: labsKeys.discover(input),
    queryFn: ({ signal }) =>
      callApi(listLabsDiscover, {
        query: {
          q: input.q || undefined,
          held: input.held ? 'true' : undefined,
          page: input.page,
          per_page: input.perPage,
        },
        signal,
      }),
    refetchInterval: whilePending,
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
}

export function useResearchItems(sort: LabsSort) {
  return useQuery({
    queryKey: labsKeys.research(sort),
    queryFn: ({ signal }) => callApi(listResearchItems, { query: { sort }, signal }),
    refetchInterval: whilePending,
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
}

export function useCreateResearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateResearchBody) => callApi(createResearchItem, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...labsKeys.all, 'research'] }),
    meta: { inlineError: true },
  });
}

export function useDeleteResearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteResearchItem, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...labsKeys.all, 'research'] }),
  });
}

export function useLabsPrice(id: string, range: PriceRange) {
  return useQuery({
    queryKey: labsKeys.price(id, range),
    queryFn: ({ signal }) => callApi(getLabsPrice, { params: { id }, query: { range }, signal }),
    refetchInterval: whilePending,
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
}
