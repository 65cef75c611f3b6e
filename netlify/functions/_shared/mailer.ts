/**
 * Outgoing email (issue 4). With SMTP_URL set, mail goes out over SMTP through nodemailer; without it,
 * each message is written as an .eml file to the outbox folder (.data/outbox/ by default) and its link
 * is printed, so a newcomer can verify an account locally without any mail server.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { ConfigurationError, isLocalRuntime } from '../../../src/domain/runtime/environment.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link in the message, printed in outbox mode. */
  link?: string;
  /** Extra headers (a newsletter's List-Unsubscribe and List-Unsubscribe-Post, issue 14). */
  headers?: Record<string, string>;
}

export const DEFAULT_FROM = 'Phantastika <no-reply@phantastika.local>';

export function outboxDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.OUTBOX_DIR ?? path.join(process.cwd(), '.data', 'outbox');
}

/**
 * Sends one message. Outside the local runtime mail goes out over SMTP only (issue 26 point 1): without
 * SMTP_URL and MAIL_FROM it is a configuration error, never a file on the function's disk.
 */
export async function sendMail(mail: Mail, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (!isLocalRuntime(env)) {
    if (!env.SMTP_URL) throw new ConfigurationError('SMTP_URL', 'SMTP_URL is not set: deployed, mail goes out over SMTP only (README: Deploy to Netlify).');
    if (!env.MAIL_FROM) throw new ConfigurationError('MAIL_FROM', 'MAIL_FROM is not set: deployed, mail needs a sender of your own domain (README: Deploy to Netlify).');
  }
  const from = env.MAIL_FROM ?? DEFAULT_FROM;
  if (env.SMTP_URL) {
    await nodemailer.createTransport(env.SMTP_URL).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    return;
  }
  // streamTransport builds the complete RFC 822 message without sending it.
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
  });
  const dir = outboxDir(env);
  mkdirSync(dir, { recursive: true });
  const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.eml`);
  writeFileSync(file, built.message as Buffer);
  console.log(`[mail] ${mail.subject} → ${mail.to}${mail.link ? `: ${mail.link}` : ''} (${path.relative(process.cwd(), file)})`);
}
