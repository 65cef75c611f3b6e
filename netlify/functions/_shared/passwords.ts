import bcrypt from 'bcryptjs';

/** bcrypt cost; tests lower it through BCRYPT_ROUNDS to stay fast. */
const rounds = () => Number(process.env.BCRYPT_ROUNDS ?? 11);

export const hashPassword = (password: string) => bcrypt.hash(password, rounds());

// Compared against when the email is unknown, so a login takes as long either way.
const DUMMY_HASH = bcrypt.hashSync('dummy-password-for-timing', 4);

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(password, DUMMY_HASH);
    return false;
  }
  return bcrypt.compare(password, hash);
}
