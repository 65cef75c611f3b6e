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

/**
 * The token of the newest link of a kind ('verify-email' or 'reset-password') mailed to an address.
 * Mail goes out after the answer (issue 10: no timing difference between known and unknown
 * addresses), so this waits for it: up to 5 s, and for a token other than `other` when given.
 */
export async function latestToken(email: string, page: 'verify-email' | 'reset-password', other?: string): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const mail = mailsTo(email).reverse().find((m) => m.includes(`/${page}?token=`));
    const token = mail && new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(mail)?.[1];
    if (token && token !== other) return token;
    if (Date.now() > deadline) throw new Error(`No ${other ? 'new ' : ''}${page} link mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The messages to an address once at least `count` have arrived (mail goes out after the answer). */
export async function awaitMails(email: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const mails = mailsTo(email);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 25));
  }
}
