import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type AggregatorConfig, loadAggregatorConfig } from './modules/aggregator/aggregator-config.ts';
import { loadOauthConfig, type OauthConfig } from './modules/oauth/oauth-config.ts';

/** Repository root: relative paths in the configuration are taken from here. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Exchanges read by API key through ccxt besides Kraken, each with `<PREFIX>_BASE_URL` (another
 * address for its API: a replay server in tests) and `<PREFIX>_PACING` (ccxt's rate limiting;
 * `off` only for a replay server).
 */
export const EXCHANGE_ENV_PREFIX = {
  coinbase: 'COINBASE',
  binance: 'BINANCE',
  binanceus: 'BINANCEUS',
  kucoin: 'KUCOIN',
  bitstamp: 'BITSTAMP',
  gemini: 'GEMINI',
  okx: 'OKX',
  bybit: 'BYBIT',
  cryptocom: 'CRYPTOCOM',
} as const;
export type ExchangeApiId = keyof typeof EXCHANGE_ENV_PREFIX;

const exchangeEnv = Object.fromEntries(
  Object.values(EXCHANGE_ENV_PREFIX).flatMap((prefix) => [
    [`${prefix}_BASE_URL`, z.string().url().optional()],
    [`${prefix}_PACING`, z.enum(['on', 'off']).default('on')],
  ]),
) as Record<string, z.ZodType<string | undefined>>;

const envSchema = z.object({
  ...exchangeEnv,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  COOKIE_SECURE: z.enum(['true', 'false', 'auto']).default('auto'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Lotwise <no-reply@lotwise.local>'),
  OUTBOX_DIR: z.string().optional(),
  REDIS_URL: z.string().optional(),
  // Pub/sub ignores Redis's database number: deployments that share one Redis need their own channels.
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits and _ . : - only (at most 64)')
    .default('lotwise'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  SIGNUP_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  SIGNUP_CONFIRM_EMAIL: z.enum(['on', 'off', 'auto']).default('auto'),
  LOGIN_ACCOUNT_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  TRUST_PROXY: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOTWISE_TEST_HOOKS: z.enum(['0', '1']).default('0'),
  SELF_TRANSFER_WINDOW_DAYS: z.coerce.number().int().min(1).max(366).default(30),
  LABS_MARKET_TTL_MINUTES: z.coerce.number().min(0).default(10),
  LABS_MIN_GROUP_USERS: z.coerce.number().int().min(2).default(5),
  LABS_MOST_TRANSACTED_DAYS: z.coerce.number().int().min(1).max(3660).default(365),
  LOTWISE_SECRET_KEY: z.string().optional(),
  KRAKEN_BASE_URL: z.string().url().optional(),
  KRAKEN_PACING: z.enum(['on', 'off']).default('on'),
  ETHERSCAN_API_KEY: z.string().optional(),
  ETHERSCAN_BASE_URL: z.string().url().optional(),
  ESPLORA_BASE_URL: z.string().url().optional(),
  BLOCKBOOK_LTC_URL: z.string().url().optional(),
  BLOCKBOOK_DOGE_URL: z.string().url().optional(),
  BLOCKBOOK_BCH_URL: z.string().url().optional(),
  BLOCKBOOK_DASH_URL: z.string().url().optional(),
  SOLANA_RPC_URL: z.string().url().optional(),
  JOB_HEARTBEAT_SECONDS: z.coerce.number().positive().default(5),
  JOB_STALE_SECONDS: z.coerce.number().positive().default(30),
  UPLOAD_PENDING_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024 * 1024),
  BILLING: z.enum(['off', 'stripe']).default('off'),
  BILLING_PLANS_FILE: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE_URL: z.string().url().optional(),
  IMPORT_WORKER_MIN_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(4 * 1024 * 1024),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  publicUrl: string;
  sessionTtlMs: number;
  cookieSecure: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  redisUrl: string | undefined;
  /** Start of the Redis pub/sub channel names (`<prefix>:notifications`, `<prefix>:control`). */
  redisPrefix: string;
  logLevel: string;
  loginRateLimit: number;
  /** Sign-ups per client address and hour. */
  signupRateLimit: number;
  /**
   * A sign-up is finished from a link mailed to the address (issue 32): every sign-up answers
   * alike, so the form does not tell whether an address has an account. `auto`: on with SMTP.
   */
  signupConfirmEmail: boolean;
  /** Wrong passwords per account and 15 minutes, from all client addresses together. */
  loginAccountRateLimit: number;
  /**
   * Which proxies may name the client in X-Forwarded-For (Fastify's `trustProxy`): false (the
   * default: the socket's address is the client), a hop count, or addresses/CIDR ranges.
   */
  trustProxy: false | number | string[];
  webDist: string | undefined;
  testHooks: boolean;
  /** Uploads at least this large are parsed on a worker thread (0: always). */
  importWorkerMinBytes: number;
  /** Seals connected sources' API secrets (else a key file in the data folder). */
  secretKey: string | undefined;
  /** Another address for Kraken's API (a replay server in tests). */
  krakenBaseUrl: string | undefined;
  /** ccxt's pacing of Kraken's private-call budget; off only for a replay server (bench). */
  krakenPacing: boolean;
  /** The other exchanges' API address (undefined: the exchange's own) and ccxt pacing. */
  exchangeApis: Record<ExchangeApiId, { baseUrl: string | undefined; pacing: boolean }>;
  /** Etherscan's multichain API: the key, and another address (a replay server in tests). */
  etherscanApiKey: string | undefined;
  etherscanBaseUrl: string | undefined;
  /** Esplora API for Bitcoin wallets (default Blockstream's; a replay server in tests). */
  esploraBaseUrl: string | undefined;
  /** Blockbook servers for Litecoin, Dogecoin, Bitcoin Cash and Dash wallets (default Trezor's). */
  blockbookUrls: Record<'ltc' | 'doge' | 'bch' | 'dash', string | undefined>;
  /** Solana JSON-RPC endpoint (default the public mainnet one). */
  solanaRpcUrl: string | undefined;
  /** How often a running job's process says it is alive, and after how long another takes it over (PostgreSQL). */
  jobHeartbeatMs: number;
  jobStaleMs: number;
  /** Bytes of uploads one user may have waiting (received, not yet imported), issue 29.8. */
  uploadPendingQuotaBytes: number;
  /** Days after a send within which its self-transfer receive may arrive (pair candidates). */
  selfTransferWindowDays: number;
  /** Labs: how long a provider's market list is reused, and the most-transacted list's privacy floor. */
  labs: { marketTtlMs: number; minGroupUsers: number; mostTransactedDays: number };
  /**
   * Billing: off by default (every user has every feature). With `stripe`, payments go through
   * Stripe Checkout (the secret key and the webhook's signing secret are then required);
   * `apiBaseUrl` points the SDK elsewhere (a replay server in tests); `plansFile` replaces the
   * built-in plan catalogue.
   */
  billing:
    | { mode: 'off'; plansFile: string | undefined }
    | {
        mode: 'stripe';
        plansFile: string | undefined;
        secretKey: string;
        webhookSecret: string;
        apiBaseUrl: string | undefined;
      };
  /** Exchanges connected by OAuth ("Connect with Coinbase"): only those with a registered app. */
  oauth: OauthConfig;
  /** A partner that hands users over with an aggcode (off when unset). */
  aggregator: AggregatorConfig | undefined;
  /** The price service's variables (PRICE_*, PRICES_*, COINGECKO_*, ECB_*), read by @lotwise/prices/config. */
  priceEnv: Record<string, string | undefined>;
}

/**
 * TRUST_PROXY: unset, empty, `off`, `false` or `0` trust nobody; a whole number trusts that many
 * proxy hops in front of Lotwise; anything else is a comma-separated list of proxy addresses or
 * CIDR ranges (or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`). `true` (any
 * client could then name its own address) is refused.
 */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || ['off', 'false', '0'].includes(text.toLowerCase())) return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => {
    if (PROXY_RANGE_NAMES.has(entry)) return false;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return true;
    if (bits === undefined) return false;
    return !/^\d+$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128);
  });
  if (bad.length > 0 || entries.length === 0) {
    throw new Error(
      `Invalid configuration: TRUST_PROXY: expected a hop count or proxy addresses/CIDR ranges separated by commas (such as 1 or 127.0.0.1,10.0.0.0/8), not ${bad.join(', ') || JSON.stringify(text)}`,
    );
  }
  return entries;
}

const PRICE_ENV = /^(PRICE_|PRICES_|COINGECKO_|ECB_)/;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const defaultDist = path.join(REPO_ROOT, 'apps/web/dist');
  const plansFile = e.BILLING_PLANS_FILE ? path.resolve(REPO_ROOT, e.BILLING_PLANS_FILE) : undefined;
  if (e.BILLING === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error(
      'Invalid configuration: BILLING=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    // An empty DATABASE_URL means unset (so a shell can clear it), never an anonymous SQLite file.
    databaseUrl: e.DATABASE_URL || `sqlite:${path.join(dataDir, 'lotwise.db')}`,
    publicUrl,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 3600 * 1000,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? publicUrl.startsWith('https:') : e.COOKIE_SECURE === 'true',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: e.OUTBOX_DIR ? path.resolve(REPO_ROOT, e.OUTBOX_DIR) : path.join(dataDir, 'outbox'),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    signupRateLimit: e.SIGNUP_RATE_LIMIT,
    signupConfirmEmail:
      e.SIGNUP_CONFIRM_EMAIL === 'auto' ? Boolean(e.SMTP_URL) : e.SIGNUP_CONFIRM_EMAIL === 'on',
    loginAccountRateLimit: e.LOGIN_ACCOUNT_RATE_LIMIT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDist: e.WEB_DIST
      ? path.resolve(REPO_ROOT, e.WEB_DIST)
      : existsSync(defaultDist)
        ? defaultDist
        : undefined,
    testHooks: e.LOTWISE_TEST_HOOKS === '1',
    importWorkerMinBytes: e.IMPORT_WORKER_MIN_BYTES,
    selfTransferWindowDays: e.SELF_TRANSFER_WINDOW_DAYS,
    labs: {
      marketTtlMs: e.LABS_MARKET_TTL_MINUTES * 60_000,
      minGroupUsers: e.LABS_MIN_GROUP_USERS,
      mostTransactedDays: e.LABS_MOST_TRANSACTED_DAYS,
    },
    secretKey: e.LOTWISE_SECRET_KEY,
    krakenBaseUrl: e.KRAKEN_BASE_URL,
    krakenPacing: e.KRAKEN_PACING === 'on',
    exchangeApis: Object.fromEntries(
      Object.entries(EXCHANGE_ENV_PREFIX).map(([id, prefix]) => {
        const values = e as unknown as Record<string, string | undefined>;
        return [id, { baseUrl: values[`${prefix}_BASE_URL`], pacing: values[`${prefix}_PACING`] !== 'off' }];
      }),
    ) as Config['exchangeApis'],
    etherscanApiKey: e.ETHERSCAN_API_KEY,
    etherscanBaseUrl: e.ETHERSCAN_BASE_URL,
    esploraBaseUrl: e.ESPLORA_BASE_URL,
    blockbookUrls: {
      ltc: e.BLOCKBOOK_LTC_URL,
      doge: e.BLOCKBOOK_DOGE_URL,
      bch: e.BLOCKBOOK_BCH_URL,
      dash: e.BLOCKBOOK_DASH_URL,
    },
    solanaRpcUrl: e.SOLANA_RPC_URL,
    jobHeartbeatMs: e.JOB_HEARTBEAT_SECONDS * 1000,
    jobStaleMs: e.JOB_STALE_SECONDS * 1000,
    uploadPendingQuotaBytes: e.UPLOAD_PENDING_QUOTA_BYTES,
    billing:
      e.BILLING === 'stripe'
        ? {
            mode: 'stripe',
            plansFile,
            secretKey: e.STRIPE_SECRET_KEY ?? '',
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
            apiBaseUrl: e.STRIPE_API_BASE_URL,
          }
        : { mode: 'off', plansFile },
    oauth: loadOauthConfig(env),
    aggregator: loadAggregatorConfig(env),
    priceEnv: Object.fromEntries(Object.entries(env).filter(([key]) => PRICE_ENV.test(key))),
  };
}
