import { isIP } from 'node:net';
import type { Config } from '../config.ts';
import { AppError } from '../http/errors.ts';
import { type AttemptsRepo, type Limit, TOO_MANY_ATTEMPTS } from './attempts.repo.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
const HOUR = 60 * 60_000;
/** Reset e-mails one address receives an hour, whoever asks and whether or not it has an account. */
export const RESET_MAILS_PER_HOUR = 3;
/** Invitation e-mails one account sends an hour (customers inviting accountants, accountants clients). */
export const INVITATIONS_PER_HOUR = 30;
/** Invitation e-mails one address receives an hour, from every account together. */
export const INVITATIONS_TO_ADDRESS_PER_HOUR = 5;
/** Wrong passwords from one client address over all accounts, as a multiple of LOGIN_RATE_LIMIT. */
const ADDRESS_FACTOR = 10;

const account = (email: string) => email.trim().toLowerCase();

/**
 * The client as the address limits count it: an IPv4 address as it is (also when IPv4-mapped),
 * an IPv6 address by its /64, the block one subscriber gets, so stepping through the addresses
 * of one's own network gains nothing.
 */
export function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const bare = ip.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return ip;
  const [head = '', tail] = bare.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** The limits that hold across client addresses and processes (README, Security). */
export const limits = {
  /** Wrong passwords for one account, from every address together. */
  loginAccount: (config: Config, email: string): Limit => ({
    bucket: `login:${account(email)}`,
    max: config.loginAccountRateLimit,
    windowMs: FIFTEEN_MINUTES,
  }),
  /** Wrong passwords from one client address, over every account it tries. */
  loginAddress: (config: Config, ip: string): Limit => ({
    bucket: `login-address:${clientAddress(ip)}`,
    max: config.loginRateLimit * ADDRESS_FACTOR,
    windowMs: FIFTEEN_MINUTES,
  }),
  /** Wrong two-factor codes of one user: sign-in challenges and turning two-factor off. */
  codes: (config: Config, userId: number): Limit => ({
    bucket: `mfa:${userId}`,
    max: config.loginRateLimit,
    windowMs: FIFTEEN_MINUTES,
  }),
  /** Wrong current passwords given by a signed-in session (change password). */
  currentPassword: (config: Config, userId: number): Limit => ({
    bucket: `password:${userId}`,
    max: config.loginRateLimit,
    windowMs: FIFTEEN_MINUTES,
  }),
  resetMails: (email: string): Limit => ({
    bucket: `reset-mail:${account(email)}`,
    max: RESET_MAILS_PER_HOUR,
    windowMs: HOUR,
  }),
  /** Invitations sent by one account: Lotwise must not mail any address for whoever signed up. */
  invitationsFrom: (userId: number): Limit => ({
    bucket: `invite-from:${userId}`,
    max: INVITATIONS_PER_HOUR,
    windowMs: HOUR,
  }),
  /** Invitations received by one address, from every account together. */
  invitationsTo: (email: string): Limit => ({
    bucket: `invite-to:${account(email)}`,
    max: INVITATIONS_TO_ADDRESS_PER_HOUR,
    windowMs: HOUR,
  }),
};

const GUESS_FAILURES = new Set(['invalid_credentials', 'invalid_mfa_code']);

/**
 * Runs one guess (a password, a code) under `buckets`: counted before it is judged, so parallel
 * guesses cannot all pass a limit; given back unless it failed as a wrong guess. Refused with 429
 * while any bucket is over its limit, whether the guess would be right or not.
 */
export async function judgeGuess<T>(
  repo: AttemptsRepo,
  buckets: Limit[],
  guess: () => Promise<T>,
): Promise<T> {
  const within: Limit[] = [];
  for (const limit of buckets) if (await repo.take(limit)) within.push(limit);
  if (within.length < buckets.length) {
    // Not judged: only the exhausted buckets keep the attempt.
    for (const limit of within) await repo.giveBack(limit.bucket);
    throw new AppError('rate_limited', TOO_MANY_ATTEMPTS);
  }
  try {
    const result = await guess();
    for (const limit of buckets) await repo.giveBack(limit.bucket);
    return result;
  } catch (error) {
    if (!(error instanceof AppError && GUESS_FAILURES.has(error.code)))
      for (const limit of buckets) await repo.giveBack(limit.bucket);
    throw error;
  }
}
