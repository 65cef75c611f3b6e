import { z } from 'zod';
import { text } from './text.ts';
import { LOCALES } from '../enums.ts';
import { PasswordSchema } from '../password.ts';

/** Emails are trimmed and lower-cased, so uniqueness and login ignore case (issue 4). */
export const EmailSchema = text('validation.email')
  .trim()
  .max(254, 'validation.email')
  .pipe(z.email('validation.email'))
  .transform((e) => e.toLowerCase());

const name = text('validation.name').trim().max(80, 'validation.name');
const language = z.enum(LOCALES, 'validation.language');
/** A single-use token from an emailed link: 32 random bytes, base64url. */
export const EmailTokenSchema = text('validation.token').regex(/^[A-Za-z0-9_-]{43}$/, 'validation.token');

export const RegisterSchema = z.strictObject({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: name.optional(),
  lastName: name.optional(),
  language: language.optional(),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.strictObject({
  email: EmailSchema,
  password: text('validation.password.required').min(1, 'validation.password.required').max(1024, 'validation.password.required'),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const EmailOnlySchema = z.strictObject({ email: EmailSchema });
export const TokenSchema = z.strictObject({ token: EmailTokenSchema });
export const ResetPasswordSchema = z.strictObject({ token: EmailTokenSchema, password: PasswordSchema });

export const ProfileUpdateSchema = z.strictObject({
  firstName: name.nullable().optional(),
  lastName: name.nullable().optional(),
  bio: text('validation.bio', { multiline: true }).max(2000, 'validation.bio').nullable().optional(),
  language: language.optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

export const DeleteAccountSchema = z.strictObject({ password: text('validation.password.required').min(1, 'validation.password.required').max(1024) });

/** GET /api/auth/user (spec §7): role, id, firstName, lastName, email, profileImageUrl. */
export const CurrentUserSchema = z.object({
  id: z.string(),
  role: z.enum(['NORMAL_USER', 'POWER_USER', 'GOLDEN_USER', 'SUPER_USER']),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  language: z.enum(LOCALES),
  bio: z.string().nullable().optional(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
