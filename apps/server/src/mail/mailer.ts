import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Real SMTP through nodemailer, configured by SMTP_URL (smtp://user:pass@host:587). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/**
 * Without SMTP settings mail goes to a local outbox folder, one JSON file per message,
 * and the path is logged so a self-hoster (or a test) can open the link inside.
 */
export function outboxMailer(dir: string, from: string, log: FastifyBaseLogger): Mailer {
  let counter = 0;
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${process.pid}-${++counter}.json`);
      // Written beside and renamed into place, so whoever watches the folder never reads a
      // half-written message (a test once parsed one mid-write); the unfinished file is hidden
      // (a dot name) so a listing or a newest-by-name script never takes it for a mail. Owner
      // only: the mails hold sign-in and reset links, like secret.key.
      const partial = path.join(dir, `.${path.basename(file)}.partial`);
      await writeFile(
        partial,
        `${JSON.stringify({ from, ...mail, sent_at: new Date().toISOString() }, null, 2)}\n`,
        { mode: 0o600 },
      );
      await rename(partial, file);
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
  };
}
