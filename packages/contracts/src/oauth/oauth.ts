import { z } from 'zod';
import { defineCall } from '../http.ts';
import { recordId } from '../ids.ts';

/** Exchanges a user can connect by signing in there (OAuth2 authorization code with PKCE). */
export const OAUTH_PROVIDERS = ['coinbase'] as const;
export type OauthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The providers this server is configured for (client id and secret set); none hides the option. */
export const listOauthProviders = defineCall({
  method: 'GET',
  path: '/api/oauth/providers',
  summary: 'Exchanges that can be connected by signing in there (OAuth), as configured',
  tag: 'imports',
  response: z.object({
    data: z.array(z.object({ id: z.enum(OAUTH_PROVIDERS), name: z.string() })),
  }),
});

/**
 * Starts "Connect with Coinbase": a one-time state bound to this session and a PKCE verifier
 * are kept on the server; the browser goes to the returned consent page.
 */
export const startOauth = defineCall({
  method: 'POST',
  path: '/api/oauth/:provider/start',
  summary: 'Start connecting an exchange by OAuth: returns the consent page to go to',
  tag: 'imports',
  params: z.object({ provider: z.enum(OAUTH_PROVIDERS) }),
  body: z.object({ custom_name: z.string().trim().max(120).optional() }),
  response: z.object({ data: z.object({ authorization_url: z.string() }) }),
});

/**
 * What the exchange sent back to the redirect page (its query: code and state, or error),
 * posted by that page: the code is exchanged for tokens, the account created and imported.
 */
export const finishOauth = defineCall({
  method: 'POST',
  path: '/api/oauth/:provider/callback',
  summary: 'Finish connecting an exchange by OAuth with the code (or error) its consent page returned',
  tag: 'imports',
  params: z.object({ provider: z.enum(OAUTH_PROVIDERS) }),
  body: z.object({
    state: z.string().max(200).default(''),
    code: z.string().max(2000).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
  }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ import_history_id: z.number().int(), job_id: z.number().int() }),
  }),
});

/** Disconnect an account connected by OAuth: the exchange revokes the token, Lotwise forgets it. */
export const revokeOauth = defineCall({
  method: 'POST',
  path: '/api/oauth/connections/:id/revoke',
  summary: 'Revoke the OAuth access of a connected account (its imported rows stay)',
  tag: 'imports',
  params: z.object({ id: recordId }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});
