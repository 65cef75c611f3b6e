import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { users } from '../schema/users.ts';
import type { UserRow } from './accounts.ts';

/** Sets a user's own profile picture (an uploaded image's URL, issue 13 point 3); null when the user is gone. */
export async function setProfileImage(db: Database, userId: string, url: string): Promise<UserRow | null> {
  const [row] = await db.update(users).set({ profileImageUrl: url, updatedAt: sql`now()` }).where(eq(users.id, userId)).returning();
  return row ?? null;
}
