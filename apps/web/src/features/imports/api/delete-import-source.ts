import { deleteImportSource } from '@lotwise/contracts/imports/manage';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const deleteImportSourceRequest = (id: number) => callApi(deleteImportSource, { params: { id } });

/** Starts the deletion job of one upload; its progress comes from the deletion status. */
export function useDeleteImportSource() {
  return useMutation({ mutationFn: deleteImportSourceRequest, meta: { inlineError: true } });
}
