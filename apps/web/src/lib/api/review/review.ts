import type { CallResponse } from '@lotwise/contracts/http';
import {
  allocationComparison,
  chooseAllocation,
  chooseMethod,
  completeWizard,
  decideFindings,
  listFindings,
  methodComparison,
  reviewSummary,
} from '@lotwise/contracts/review/review';
import type { FindingWizard, Wizard } from '@lotwise/contracts/review/wizards';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { reviewKeys } from './keys';

export function useReviewSummary() {
  return useQuery({
    queryKey: reviewKeys.summary(),
    queryFn: ({ signal }) => callApi(reviewSummary, { signal }).then((r) => r.data),
  });
}

type FindingsPage = CallResponse<typeof listFindings>['data'];

export function useFindings(wizard: FindingWizard, page: number) {
  return useQuery<FindingsPage>({
    queryKey: reviewKeys.findings(wizard, page),
    queryFn: ({ signal }) =>
      callApi(listFindings, { query: { wizard, page, per_page: 20 }, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

export type DecideInput =
  | { wizard: FindingWizard; decisions: Array<{ finding_id: string; choice: string }> }
  | { wizard: FindingWizard; all: true; choice: string };

/** An answer changes the rows: the review, the list and the tax figures are read again. */
export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DecideInput) => callApi(decideFindings, { body }),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useCompleteWizard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ traceId, wizard }: { traceId: number; wizard: Wizard }) =>
      callApi(completeWizard, { params: { id: traceId }, body: { wizard_name: wizard } }),
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

export function useMethodComparison(year: number, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.methods(year),
    queryFn: ({ signal }) => callApi(methodComparison, { query: { year }, signal }).then((r) => r.data),
    enabled,
  });
}

export function useChooseMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { year: number; method: 'fifo' | 'lifo' | 'hifo' | 'lofo' }) =>
      callApi(chooseMethod, { body }),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useAllocationComparison() {
  return useQuery({
    queryKey: [...reviewKeys.all, 'allocation'],
    queryFn: ({ signal }) => callApi(allocationComparison, { signal }).then((r) => r.data),
  });
}

export function useChooseAllocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rule: 'stay-oldest-first' | 'lowest-cost-largest-holding') =>
      callApi(chooseAllocation, { body: { rule } }),
    onSuccess: () => client.invalidateQueries(),
  });
}
