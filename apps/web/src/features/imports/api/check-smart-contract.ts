import { checkSmartContract } from '@lotwise/contracts/imports/check-smart-contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Before a wallet is saved by address: is it a contract, a token or an exchange hot wallet? */
export function useCheckSmartContract() {
  return useMutation({
    mutationFn: (body: { coin: string; address: string }) => callApi(checkSmartContract, { body }),
    meta: { inlineError: true },
  });
}
