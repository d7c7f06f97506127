import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Waits for the newest mail to an address in the server's local outbox folder. */
export async function waitForMail(outboxDir: string, to: string, timeoutMs = 10_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(outboxDir)
        .filter((f) => f.endsWith('.json'))
        .sort();
    } catch {
      // The folder appears with the first mail.
    }
    for (const file of files.reverse()) {
      const mail = JSON.parse(readFileSync(path.join(outboxDir, file), 'utf8')) as OutboxMail;
      if (mail.to === to) return mail;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${to} in ${outboxDir}`);
}

export function firstLink(mail: OutboxMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No link in mail "${mail.subject}"`);
  return match[0];
}
