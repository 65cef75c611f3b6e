import bcrypt from 'bcryptjs';

/** bcrypt cost; tests lower it through BCRYPT_ROUNDS to stay fast. */
const rounds = () => Number(process.env.BCRYPT_ROUNDS ?? 11);

export const hashPassword = (password: string) => bcrypt.hash(password, rounds());

// Compared against when the email is unknown, so a login takes as long either way: made once per
// instance at the configured cost (a cheaper dummy told who has an account, issue 10).
const dummyHashes = new Map<number, Promise<string>>();
const dummy = () => {
  const cost = rounds();
  if (!dummyHashes.has(cost)) dummyHashes.set(cost, bcrypt.hash('dummy-password-for-timing', cost));
  return dummyHashes.get(cost)!;
};

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(password, await dummy());
    return false;
  }
  return bcrypt.compare(password, hash);
}
