import { z } from 'zod';
import { defineCall, flag } from '../http.ts';
import { recordId } from '../ids.ts';

/** Exchanges whose read-only API key Lotwise can import from (through ccxt). */
export const API_EXCHANGES = [
  'kraken',
  'coinbase',
  'binance',
  'kucoin',
  'bitstamp',
  'gemini',
  'okx',
  'bybit',
  'binanceus',
  'cryptocom',
] as const;
export type ApiExchange = (typeof API_EXCHANGES)[number];

/** How each exchange's key is made and what it needs besides key and secret (the web form). */
export const API_EXCHANGE_INFO: Record<
  string,
  { name: string; passphrase: boolean; secretLabel: string; howTo: string }
> = {
  kraken: {
    name: 'Kraken',
    passphrase: false,
    secretLabel: 'Private key (secret)',
    howTo: 'Settings → API: a key with only “Query Funds” and “Query Ledger Entries”.',
  },
  coinbase: {
    name: 'Coinbase',
    passphrase: false,
    secretLabel: 'Private key (secret)',
    howTo: 'developer settings (CDP) → API keys: a key with only the “View” permission.',
  },
  binance: {
    name: 'Binance',
    passphrase: false,
    secretLabel: 'Secret key',
    howTo: 'Account → API Management: a key with only “Enable Reading”.',
  },
  kucoin: {
    name: 'KuCoin',
    passphrase: true,
    secretLabel: 'API secret',
    howTo:
      'Account → API Management: a key with only the “General” (read) permission, and its passphrase. Only spot trades of classic (non-HF) accounts are read.',
  },
  bitstamp: {
    name: 'Bitstamp',
    passphrase: false,
    secretLabel: 'API secret',
    howTo: 'Settings → API access: a key with only “Account balance” and “User transactions”.',
  },
  gemini: {
    name: 'Gemini',
    passphrase: false,
    secretLabel: 'API secret',
    howTo: 'Settings → API: an account-level key (it starts with “account-”) with only the “Auditor” role.',
  },
  okx: {
    name: 'OKX',
    passphrase: true,
    secretLabel: 'Secret key',
    howTo: 'Profile → API keys: a key with only the “Read” permission, and its passphrase.',
  },
  bybit: {
    name: 'Bybit',
    passphrase: false,
    secretLabel: 'API secret',
    howTo: 'Account → API: a system-generated key with “Read-Only” permissions.',
  },
  binanceus: {
    name: 'Binance US',
    passphrase: false,
    secretLabel: 'Secret key',
    howTo:
      'Profile → API Management: a key with only reading enabled (USD bank transfers are not read: add them from the CSV).',
  },
  cryptocom: {
    name: 'Crypto.com Exchange',
    passphrase: false,
    secretLabel: 'Secret key',
    howTo:
      'User Center → API: a key with only “Can Read”. This reads the Exchange’s spot trades, deposits, withdrawals and staking rewards; the Crypto.com App’s history comes from its CSV export.',
  },
};

/**
 * Connect an exchange account by its read-only API key (spec 01 §5 "API key import"; the
 * payload is not shown there). Missing key, secret or passphrase: 'Please Provide Correct Api-Key and Secret.'
 */
export const saveApiImport = defineCall({
  method: 'POST',
  path: '/api/imports/v1/api_imports',
  summary: 'Connect an exchange by its read-only API key; the first import runs as a job',
  tag: 'imports',
  body: z.object({
    exchange: z.enum(API_EXCHANGES),
    api_key: z.string().max(400).default(''),
    secret: z.string().max(4000).default(''),
    /** KuCoin and OKX pair each key with a passphrase. */
    passphrase: z.string().max(400).optional(),
    custom_name: z.string().trim().max(120).optional(),
    us_based: flag.optional(),
  }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ import_history_id: z.number().int(), job_id: z.number().int() }),
  }),
});

/** Fetch what is new on a connected account since its last sync (a job with progress). */
export const resyncAccount = defineCall({
  method: 'POST',
  path: '/api/imports/v2/actions/resync_account',
  summary: 'Resync a connected account: only what is new since the last sync',
  tag: 'imports',
  body: z.object({ import_history_id: recordId }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ job_id: z.number().int() }),
  }),
});
