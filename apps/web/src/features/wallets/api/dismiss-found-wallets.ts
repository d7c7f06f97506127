import type { CallBody } from '@lotwise/contracts/http';
import { walletFinderDismiss } from '@lotwise/contracts/wallets/wallet-finder';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importsKeys } from '@/lib/api/imports/keys';
import { callApi } from '@/lib/api-client';

export type DismissWalletsInput = CallBody<typeof walletFinderDismiss>;

export const dismissFoundWalletsRequest = (body: DismissWalletsInput) =>
  callApi(walletFinderDismiss, { body });

/** Hide found addresses from the finder; a failure is toasted by the query client. */
export function useDismissFoundWallets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: dismissFoundWalletsRequest,
    onSuccess: (res) => {
      notifications.show({ color: 'teal', message: res.message });
      return client.invalidateQueries({ queryKey: importsKeys.all });
    },
  });
}
