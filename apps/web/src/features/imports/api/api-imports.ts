import type { CallBody } from '@lotwise/contracts/http';
import { resyncAccount, saveApiImport } from '@lotwise/contracts/imports/api-imports';
import { blockchainQuery } from '@lotwise/contracts/imports/blockchain-query';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importsKeys } from '@/lib/api/imports/keys';
import { callApi } from '@/lib/api-client';

export type SaveApiImportInput = CallBody<typeof saveApiImport>;

/** Connect an exchange by its read-only API key; the first import runs as a job. */
export function useSaveApiImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveApiImportInput) => callApi(saveApiImport, { body }),
    meta: { inlineError: true },
    onSuccess: (res) => {
      notifications.show({ color: 'teal', message: res.message });
      return client.invalidateQueries({ queryKey: importsKeys.all });
    },
  });
}

/** Fetch only what is new on a connected account. */
export function useResyncAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (importHistoryId: number) =>
      callApi(resyncAccount, { body: { import_history_id: importHistoryId } }),
    onSuccess: () => {
      // Started, not done: the account's row follows the import and says why when it fails.
      notifications.show({
        color: 'blue',
        message: 'Importing the account again: its row shows the outcome.',
      });
      return client.invalidateQueries({ queryKey: importsKeys.all });
    },
  });
}

export type BlockchainQueryInput = CallBody<typeof blockchainQuery>;

/** Add a wallet by its address (EVM chains); the import runs as a job. */
export function useBlockchainQuery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BlockchainQueryInput) => callApi(blockchainQuery, { body }),
    meta: { inlineError: true },
    onSuccess: (res) => {
      notifications.show({ color: 'teal', message: res.message });
      return client.invalidateQueries({ queryKey: importsKeys.all });
    },
  });
}
