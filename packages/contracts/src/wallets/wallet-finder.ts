import { z } from 'zod';
import { defineCall, successStatus } from '../http.ts';

/**
 * The wallet finder and bulk import (spec 01 §3, §7, §8): addresses the user's imported wallets
 * sent to or received from that are not imported yet, to import (queued) or dismiss; and a list
 * of addresses imported at once.
 */

export const WALLET_QUEUED = (name: string) => `${name} Wallet Added to Import Queue. Please Wait.`;
export const WALLETS_QUEUED = 'Wallets added to import queue.';
export const WALLETS_DISMISSED = 'Wallets dismissed successfully.';
/** Most addresses one call takes. */
export const MAX_WALLETS_PER_CALL = 50;

export const foundAddress = z.object({
  coin: z.string(),
  /** The chain's name, e.g. Ethereum, Bitcoin. */
  chain: z.string(),
  address: z.string(),
  /** Which way the user's transactions went: to it, from it, or both. */
  direction: z.enum(['sent', 'received', 'both']),
  transactions: z.number().int(),
  last_seen: z.string(),
});
export type FoundAddress = z.infer<typeof foundAddress>;

export const walletFinderList = defineCall({
  method: 'GET',
  path: '/api/wallets/v1/wallet_finders/address_list',
  summary: 'Addresses the user transacted with that are not imported or dismissed yet',
  tag: 'wallets',
  response: z.object({ status: z.literal('success'), data: z.array(foundAddress) }),
});

/** A found address as the user names it back; bounded by the stored columns (a longer value was a PostgreSQL 500). */
const walletRef = z.object({
  coin: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Choose a blockchain')
    .max(16, 'is not a blockchain Lotwise knows'),
  address: z.string().trim().min(1, 'Enter an address').max(255, 'must be at most 255 characters'),
});

const walletsBody = z.object({ wallets: z.array(walletRef).min(1).max(MAX_WALLETS_PER_CALL) });

export const queuedWallets = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    queued: z.number().int(),
    import_history_ids: z.array(z.number().int()),
  }),
});

export const walletFinderImport = defineCall({
  method: 'POST',
  path: '/api/wallets/v1/wallet_finders/import_wallets',
  summary: 'Imports found addresses (each queued as a wallet import)',
  tag: 'wallets',
  body: walletsBody,
  response: queuedWallets,
});

export const walletFinderDismiss = defineCall({
  method: 'POST',
  path: '/api/wallets/v1/wallet_finders/dismiss_wallets',
  summary: 'Hides found addresses from the wallet finder',
  tag: 'wallets',
  body: walletsBody,
  response: successStatus.extend({ message: z.string() }),
});

export const bulkImportWallets = defineCall({
  method: 'POST',
  path: '/api/wallets/v1/bulk_imports/import_wallets',
  summary: 'Imports a list of wallet addresses at once; nothing is queued when any line is wrong',
  tag: 'wallets',
  body: z.object({
    wallets: z
      .array(walletRef.extend({ name: z.string().trim().max(120).optional() }))
      .min(1, 'Add at least one address')
      .max(MAX_WALLETS_PER_CALL, `At most ${MAX_WALLETS_PER_CALL} addresses at once`),
    us_based: z.boolean().optional(),
  }),
  response: queuedWallets,
});
