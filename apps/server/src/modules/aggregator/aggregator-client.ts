import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { AggregatorConfig } from './aggregator-config.ts';

/** One account the partner hands over: an exchange by read-only key, or a wallet by address. */
const handedAccount = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('exchange'),
    exchange: z.string().min(1).max(40),
    name: z.string().max(120).nullish(),
    api_key: z.string().max(400),
    secret: z.string().max(4000),
    passphrase: z.string().max(400).nullish(),
  }),
  z.object({
    type: z.literal('wallet'),
    chain: z.string().min(1).max(20),
    address: z.string().min(1).max(200),
    name: z.string().max(120).nullish(),
  }),
]);
export type HandedAccount = z.infer<typeof handedAccount>;

const handoff = z.object({
  handoff: z.object({
    id: z.string().min(1).max(200),
    /** The e-mail the link was made for (null: whoever opens it). */
    email: z.string().max(320).nullish(),
    accounts: z.array(handedAccount).max(100),
  }),
});
export type Handoff = z.infer<typeof handoff>['handoff'];

/**
 * The partner's hand-over API (README "Partner hand-over"): `POST <url>/handoffs/redeem` with
 * `{ "code": "<aggcode>" }` and Lotwise's key as a bearer token. 200 `{ handoff }`; 404
 * `unknown_code` (made for another service, or mistyped), 410 `expired`, 409 `already_redeemed`.
 */
export async function redeemHandoff(config: AggregatorConfig, code: string): Promise<Handoff> {
  const name = config.name;
  const none = 'Nothing was imported.';
  let res: Response;
  try {
    res = await fetch(`${config.url}/handoffs/redeem`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new AppError(
      'internal',
      `${name} service is not currently responding, please try again in a bit. ${none}`,
    );
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.status === 404) {
    throw new AppError(
      'validation_failed',
      `This link is not one ${name} made for Lotwise (it belongs to another service, or was mistyped). ${none}`,
      { field: 'aggcode' },
    );
  }
  if (res.status === 410) {
    throw new AppError(
      'validation_failed',
      `This link from ${name} has expired: ask ${name} for a new one. ${none}`,
      { field: 'aggcode' },
    );
  }
  if (res.status === 409) {
    throw new AppError('conflict', `This link from ${name} was already used. ${none}`, { field: 'aggcode' });
  }
  if (res.status === 401 || res.status === 403) {
    throw new AppError(
      'internal',
      `${name} refused Lotwise's key: the administrator must check AGGREGATOR_API_KEY. ${none}`,
    );
  }
  if (res.status >= 500) {
    throw new AppError(
      'internal',
      `${name} service is not currently responding, please try again in a bit. ${none}`,
    );
  }
  const parsed = handoff.safeParse(body);
  if (!res.ok || !parsed.success) {
    const issue = parsed.success
      ? `HTTP ${res.status}`
      : `${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`;
    throw new AppError('internal', `${name} sent a hand-over Lotwise cannot read (${issue}). ${none}`);
  }
  return parsed.data.handoff;
}
