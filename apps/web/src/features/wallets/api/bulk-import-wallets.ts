import type { CallBody } from '@lotwise/contracts/http';
import { bulkImportWallets } from '@lotwise/contracts/wallets/wallet-finder';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importsKeys } from '@/lib/api/imports/keys';
import { callApi } from '@/lib/api-client';

export type BulkImportInput = CallBody<typeof bulkImportWallets>;

export const bulkImportWalletsRequest = (body: BulkImportInput) => callApi(bulkImportWallets, { body });

/** Import a list of addresses at once; the dialog shows the errors (one per wrong line) itself. */
export function useBulkImportWallets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkImportWalletsRequest,
    meta: { inlineError: true },
    onSuccess: (res) => {
      notifications.show({ color: 'teal', message: res.message });
      return client.invalidateQueries({ queryKey: importsKeys.all });
    },
  });
}
