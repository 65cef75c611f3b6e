import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The messages written to the outbox for an address, oldest first, with quoted-printable undone. */
export function mailsTo(email: string, dir = process.env.OUTBOX_DIR ?? path.join(process.cwd(), '.data', 'outbox')): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((m) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(m));
}

/** The token of the newest link of a kind ('verify-email' or 'reset-password') mailed to an address. */
export function latestToken(email: string, page: 'verify-email' | 'reset-password'): string {
  const mail = mailsTo(email).reverse().find((m) => m.includes(`/${page}?token=`));
  const token = mail && new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(mail)?.[1];
  if (!token) throw new Error(`No ${page} link mailed to ${email}`);
  return token;
}
