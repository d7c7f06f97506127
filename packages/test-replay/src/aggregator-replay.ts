import type { ReplayAnswer, ReplayRequest } from './exchange-replay.ts';

/** A hand-over the partner made: for whom, until when, with which accounts. */
export interface ReplayHandoff {
  email?: string | null;
  expiresAt: number;
  accounts: Record<string, unknown>[];
  redeemed?: boolean;
}

/**
 * A partner aggregator's hand-over API as Lotwise documents it (README "Partner hand-over"):
 * `POST /handoffs/redeem` `{ code }` with Lotwise's key as a bearer token → 200 `{ handoff: { id,
 * email, accounts } }` once; 404 `unknown_code`, 410 `expired`, 409 `already_redeemed`; 401
 * for another key.
 */
export function aggregatorHandler(state: {
  key: string;
  handoffs: Record<string, ReplayHandoff>;
  now?: () => number;
}): (req: ReplayRequest) => ReplayAnswer {
  return (req) => {
    if (req.headers.authorization !== `Bearer ${state.key}`)
      return { status: 401, body: { error: 'unauthorized' } };
    if (req.method !== 'POST' || req.path !== '/handoffs/redeem')
      return { status: 404, body: { error: 'not_found' } };
    const code = String(req.fields.code ?? '');
    const found = state.handoffs[code];
    if (!found) return { status: 404, body: { error: 'unknown_code' } };
    if (found.expiresAt < (state.now ?? Date.now)()) return { status: 410, body: { error: 'expired' } };
    if (found.redeemed) return { status: 409, body: { error: 'already_redeemed' } };
    found.redeemed = true;
    return {
      body: { handoff: { id: `handoff-${code}`, email: found.email ?? null, accounts: found.accounts } },
    };
  };
}
