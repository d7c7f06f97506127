import { z } from 'zod';
import { defineCall } from '../http.ts';

/**
 * The hardware-wallet import prompt (spec 01 §1, §3, §4, §5, §8): inside a wallet desktop app,
 * the app's accounts (id, currency, currencyCode, address, xPubKey) are offered for import;
 * this call says which of them are already imported or still importing.
 */

/** The coins the prompt knows (§9), and those Lotwise reads by address today (the active ones). */
export const HARDWARE_WALLET_COINS = ['BTC', 'BCH', 'DASH', 'DOGE', 'LTC', 'ZEC'] as const;
export const HARDWARE_WALLET_ACTIVE = ['BTC', 'BCH', 'DASH', 'DOGE', 'LTC'] as const;
export const HARDWARE_POLL_MS = 2_000;
export const SELECT_ONE_ADDRESS = 'You must select at least one address';
export const hardwareUploadError = (coin: string) => `Error uploading ${coin} account`;

/** An account as the wallet app describes it (§3 "Hardware-wallet account"). */
export const hardwareAccount = z.object({
  id: z.string().min(1).max(200),
  currency: z.string().max(100),
  currencyCode: z.string().max(20).trim().toUpperCase(),
  address: z.string().max(200).trim().default(''),
  xPubKey: z.string().max(300).trim().nullish(),
  pending: z.boolean().optional(),
});
export type HardwareAccount = z.infer<typeof hardwareAccount>;

export const hardwareAccountState = z.object({
  id: z.string(),
  /**
   * new: not imported; pending: its import is running; imported: done; failed: its import
   * failed (the account exists: resync it from Wallets). Only `new` and `pending` are listed.
   */
  state: z.enum(['new', 'pending', 'imported', 'failed']),
  import_history_id: z.number().int().nullable(),
});
export type HardwareAccountState = z.infer<typeof hardwareAccountState>;

export const hardwareWalletStatus = defineCall({
  method: 'POST',
  path: '/api/wallets/v1/hardware_wallets/status',
  summary: "Which of the wallet app's accounts are imported, importing or new",
  tag: 'wallets',
  body: z.object({ accounts: z.array(hardwareAccount).max(200) }),
  response: z.object({ status: z.literal('success'), data: z.array(hardwareAccountState) }),
});
