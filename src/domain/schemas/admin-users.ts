/**
 * The user administration contract (issue 13 point 5; spec §3 User, §6 roles): search by name or
 * e-mail with pages, change a role among the four, delete an account. The last super user can
 * neither lose the role nor be deleted (a 409), so the site always keeps an administrator.
 */
import { z } from 'zod';
import { ROLES } from '../enums.ts';
import { text } from './text.ts';

export const USERS_PAGE_SIZE = 20;

/** GET /api/admin/users?q=&page= (q matches first name, last name or e-mail, case-insensitively). */
export const UserSearchQuerySchema = z.strictObject({
  q: text('validation.search.tooLong').max(200, 'validation.search.tooLong').optional(),
  page: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(100_000, 'validation.page').default(1),
});
export type UserSearchQuery = z.infer<typeof UserSearchQuerySchema>;

/** A user's id in a path. */
export const UserIdSchema = text('validation.id').regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'validation.id');

/** PATCH /api/admin/users/{id}: the new role (takes effect on the user's next request: sessions read the role each time). */
export const ChangeRoleSchema = z.strictObject({ role: z.enum(ROLES, 'validation.editorial.role') });

/** A user as the admin list shows them (never the password hash or token version). */
export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Spec §3 display name. */
  displayName: z.string(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  /** ISO 8601. */
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserPageSchema = z.object({ items: z.array(AdminUserSchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;
