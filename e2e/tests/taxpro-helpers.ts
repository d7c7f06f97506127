import type { Browser } from 'playwright-core';
import { postJson } from '../support/api.ts';
import { firstLink, waitForMail } from '../support/outbox.ts';
import type { RunningServer } from '../support/server.ts';
import { PASSWORD, uniqueEmail } from './helpers.ts';
import { signedInNewcomer } from './imports-helpers.ts';

/**
 * A new client and their accountant (invited, accepted), the accountant already inside the
 * client's account: everything through the API, for tests about what happens while viewing.
 * Without a viewport the client gets signedInNewcomer's and the accountant 1280 × 860.
 */
export async function accountantInside(
  browser: Browser,
  server: RunningServer,
  viewport?: { width: number; height: number },
) {
  const client = viewport
    ? await signedInNewcomer(browser, server.url, viewport)
    : await signedInNewcomer(browser, server.url);
  const clientId = (
    (await (await client.context.request.get('/api/auth/session')).json()) as { user: { id: number } }
  ).user.id;
  const cpa = await browser.newContext({
    viewport: viewport ?? { width: 1280, height: 860 },
    baseURL: server.url,
  });
  const cpaEmail = uniqueEmail('cpa');
  await postJson(cpa, '/api/auth/sign_up', { email: cpaEmail, password: PASSWORD, first_name: 'Carla' });
  await postJson(cpa, '/api/onboarding/settings/update_role', { role: 'cpa' });
  await postJson(cpa, '/api/onboarding_flag', { onboarded: true });
  await postJson(client.context, '/api/customer_cpa', { email: cpaEmail });
  const link = new URL(firstLink(await waitForMail(server.outboxDir, cpaEmail)));
  await postJson(cpa, '/api/invitations/accept', { token: link.searchParams.get('token') });
  await postJson(cpa, `/api/users/${clientId}/impersonate`);
  return { client, cpa };
}
