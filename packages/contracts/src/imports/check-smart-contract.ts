import { z } from 'zod';
import { defineCall } from '../http.ts';

/**
 * What an address is, asked before a wallet is saved by address (spec 01 §7
 * "/check_smart_contract (save)"): a wallet, a smart contract (a multisig or smart wallet may well
 * be the user's), a token's contract, or a known exchange hot wallet. A warning means the user
 * should look again before going on; `checked: false` says the chain could not be asked (note).
 */
export const addressKind = z.enum(['wallet', 'contract', 'token', 'exchange', 'unchecked']);
export type AddressKind = z.infer<typeof addressKind>;

export const checkSmartContract = defineCall({
  method: 'POST',
  path: '/api/check_smart_contract',
  summary: 'Before a wallet is added by address: is it a contract, a token or an exchange hot wallet?',
  tag: 'imports',
  body: z.object({
    coin: z.string().trim().toLowerCase().min(1, 'Choose a blockchain').max(40),
    address: z.string().trim().min(1, 'Enter the wallet address').max(200),
  }),
  response: z.object({
    status: z.literal('success'),
    data: z.object({
      checked: z.boolean(),
      kind: addressKind,
      is_contract: z.boolean(),
      /** Shown before saving, with "Add anyway" and "Cancel". */
      warning: z.string().nullable(),
      /** Said without stopping the save (why it could not be checked; a smart wallet). */
      note: z.string().nullable(),
    }),
  }),
});
