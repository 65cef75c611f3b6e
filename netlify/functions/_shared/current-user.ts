import type { UserRow } from '../../../db/queries/accounts.ts';
import type { CurrentUser } from '../../../src/domain/schemas/auth.ts';
import type { SessionUser } from './session.ts';

/** The user as GET /api/auth/user and the profile endpoints return it (no hash, no token version). */
export function toCurrentUser(user: SessionUser | UserRow): CurrentUser {
  return {
    id: user.id,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    language: (['en', 'de', 'it'].includes(user.language) ? user.language : 'en') as CurrentUser['language'],
    ...('bio' in user ? { bio: user.bio } : {}),
  };
}
