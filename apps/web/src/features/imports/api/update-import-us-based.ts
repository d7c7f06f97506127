import { updateImportUsBased } from '@lotwise/contracts/imports/manage';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importsKeys } from '@/lib/api/imports/keys';
import { callApi } from '@/lib/api-client';

export interface UpdateUsBasedInput {
  id: number;
  us_based: boolean;
}

export const updateImportUsBasedRequest = (body: UpdateUsBasedInput) =>
  callApi(updateImportUsBased, { body });

/** 'Mark as US Based successful' / 'Mark as US Based failed' (spec 01 §8). */
export function useUpdateImportUsBased() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateImportUsBasedRequest,
    meta: { inlineError: true },
    onSuccess: () => {
      notifications.show({ color: 'teal', message: 'Mark as US Based successful' });
      return client.invalidateQueries({ queryKey: importsKeys.all });
    },
    onError: () => notifications.show({ color: 'red', message: 'Mark as US Based failed' }),
  });
}
