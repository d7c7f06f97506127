import { z } from 'zod';
import { defineCall, flag } from '../http.ts';

/**
 * Add a wallet by its address (spec 01 §3 "Blockchain query payload": coin, address, wallet,
 * us_based, xpub, xpub_key, custom_wallet_name). The import runs as a job.
 */
export const blockchainQuery = defineCall({
  method: 'POST',
  path: '/api/blockchain_query',
  summary: 'Import a wallet from its chain by address (EVM chains through Etherscan); runs as a job',
  tag: 'imports',
  body: z.object({
    coin: z.string().trim().toLowerCase().min(1, 'Choose a blockchain').max(40),
    address: z.string().trim().max(200).default(''),
    wallet: z.string().trim().max(200).optional(),
    us_based: flag.optional(),
    xpub: flag.optional(),
    xpub_key: z.string().trim().max(300).optional(),
    custom_wallet_name: z.string().trim().max(120).optional(),
  }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ import_history_id: z.number().int(), job_id: z.number().int() }),
  }),
});
