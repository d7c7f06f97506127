import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Client, tally } from './client.ts';
import type { Outcome, Target } from './probes.ts';

/**
 * Invitation e-mails (found by attacking the running app): one account asks Lotwise to invite
 * 40 addresses of its choosing. Holds when the server refuses past its hourly cap (30 per
 * account, README Security) and mails no more than it accepted.
 */
export async function invitationMails(target: Target): Promise<Outcome> {
  const stamp = `${process.pid}-${Date.now()}`;
  const sender = new Client(target.url);
  await sender.signUp(`invite-sender-${stamp}@example.com`, 'Correct-horse-battery-9');
  const outbox = target.dataDir ? path.join(target.dataDir, 'outbox') : undefined;
  const count = () => (outbox ? readdirSync(outbox).length : 0);
  const before = count();
  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) {
    const res = await sender.call('POST', '/api/customer_cpa', { email: `invitee${i}-${stamp}@example.org` });
    statuses.push(res.status);
  }
  await new Promise((r) => setTimeout(r, 500));
  const mails = outbox ? count() - before : null;
  const accepted = statuses.filter((s) => s === 200).length;
  return {
    probe: 'invitations: one account invites 40 addresses of its choosing',
    held: statuses.includes(429) && (mails === null || mails <= accepted),
    figures: `${tally(statuses)}; invitation e-mails sent: ${mails ?? 'unknown (outbox not readable)'}`,
  };
}
