import type { CallBody } from '@lotwise/contracts/http';
import { walletFinderImport } from '@lotwise/contracts/wallets/wallet-finder';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importsKeys } from '@/lib/api/imports/keys';
import { callApi } from '@/lib/api-client';

export type WalletRefsInput = CallBody<typeof walletFinderImport>;

export const importFoundWalletsRequest = (body: WalletRefsInput) => callApi(walletFinderImport, { body });

/** Queue found addresses as wallet imports; a failure is toasted by the query client. */
export function useImportFoundWallets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importFoundWalletsRequest,
    onSuccess: (res) => {
      notifications.show({ color: 'teal', message: res.message });
      // The finder list and the accounts (sidebar, histories) all live under the imports root.
      return client.invalidateQueries({ queryKey: importsKeys.all });
    },
  });
}
