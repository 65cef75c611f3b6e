/** Role ranks and the signed-in / golden / super-user checks (spec §6). */
import { ROLES, type Role } from './enums.ts';

/** Anything with a role: the session user, a user row, a test factory. */
export type RoleHolder = { readonly role: Role };

/**
 * True when `role` ranks at least as high as `needed` (rank = index in ROLES, STYLE rule 2).
 * @example hasRank('GOLDEN_USER', 'POWER_USER') // true
 */
export function hasRank(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/**
 * The role permissions are checked against: visitors are NORMAL_USER, and any signed-in user counts
 * at least as POWER_USER (spec §6), so a NORMAL_USER row still gets reading lists and ratings.
 * @example effectiveRole(null) // 'NORMAL_USER'
 */
export function effectiveRole(user: RoleHolder | null | undefined): Role {
  if (!user) return 'NORMAL_USER';
  return hasRank(user.role, 'POWER_USER') ? user.role : 'POWER_USER';
}

/**
 * Whether a visitor (null) or user holds the permission that requires `needed`.
 * @example can(null, 'POWER_USER') // false
 */
export function can(user: RoleHolder | null | undefined, needed: Role): boolean {
  return hasRank(effectiveRole(user), needed);
}

/**
 * Golden means GOLDEN_USER or SUPER_USER (spec §6): AI access.
 * @example isGolden({ role: 'SUPER_USER' }) // true
 */
export function isGolden(user: RoleHolder | null | undefined): boolean {
  return can(user, 'GOLDEN_USER');
}

/**
 * Administrators: edit/delete catalogue entries, analytics, edition management (spec §6).
 * @example isSuperUser({ role: 'GOLDEN_USER' }) // false
 */
export function isSuperUser(user: RoleHolder | null | undefined): boolean {
  return can(user, 'SUPER_USER');
}
