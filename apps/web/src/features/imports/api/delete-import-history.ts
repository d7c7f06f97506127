import { deleteImportHistory } from '@lotwise/contracts/imports/manage';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const deleteImportHistoryRequest = (id: number) => callApi(deleteImportHistory, { params: { id } });

/** Starts the deletion job of an account; its progress comes from the deletion status. */
export function useDeleteImportHistory() {
  return useMutation({ mutationFn: deleteImportHistoryRequest, meta: { inlineError: true } });
}
