import type { CallBody } from '@lotwise/contracts/http';
import { updateImportName } from '@lotwise/contracts/imports/manage';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importsKeys } from '@/lib/api/imports/keys';
import { callApi } from '@/lib/api-client';

export type UpdateImportNameInput = CallBody<typeof updateImportName>;

export const updateImportNameRequest = (body: UpdateImportNameInput) => callApi(updateImportName, { body });

/** Rename an account: 'Name updated successfully' / 'Name update failed' (spec 01 §8). */
export function useUpdateImportName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateImportNameRequest,
    meta: { inlineError: true },
    onSuccess: () => {
      notifications.show({ color: 'teal', message: 'Name updated successfully' });
      return client.invalidateQueries({ queryKey: importsKeys.all });
    },
    onError: () => notifications.show({ color: 'red', message: 'Name update failed' }),
  });
}
