/**
 * The API envelope (DESIGN.md §5): `{ success: true, data }` or `{ success: false, error }`.
 * Error messages are localized by the server; each of the `details` carries a field's message in the
 * request language beside its message key (for clients that translate themselves).
 */
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './enums.ts';

export const ErrorDetailSchema = z.object({ path: z.string(), message: z.string(), key: z.string() });
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;
/** A detail before translation: the field, its message key and the values of the key's placeholders ('{max}'). */
export type ErrorDetailKey = Omit<ErrorDetail, 'message'> & { params?: Record<string, string | number> };

export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  details: z.array(ErrorDetailSchema).optional(),
  /** Seconds to wait before trying again (429, 503); the Retry-After header says the same. */
  retryAfter: z.number().int().nonnegative().optional(),
  /** What blocks the request (a 409 on a delete, issue 13): e.g. the books that still name an author. */
  blockedBy: z.array(z.object({ entity: z.string(), id: z.number().int(), slug: z.string(), title: z.string() })).optional(),
  /**
   * The record as it is stored now (a 409 on a write based on an older version, issue 27 point 4):
   * the shape its GET answers, with its `version`; the ETag header names the same version.
   */
  current: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const successEnvelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
export const ErrorEnvelopeSchema = z.object({ success: z.literal(false), error: ErrorBodySchema });

/** HTTP status of each error code. */
export const STATUS_OF: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** A body over the platform's limit (issue 26 point 8); the message names the limit. */
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** A required setting of the deployment is missing or wrong (issue 26 point 1): the operators must act. */
  MISCONFIGURED: 500,
  UNAVAILABLE: 503,
};

/** The message key the UI and server translate for each code when nothing more specific fits. */
export const MESSAGE_KEY_OF: Record<ErrorCode, string> = {
  VALIDATION: 'api.error.validation',
  UNAUTHENTICATED: 'api.error.unauthenticated',
  FORBIDDEN: 'api.error.forbidden',
  NOT_FOUND: 'api.error.notFound',
  METHOD_NOT_ALLOWED: 'api.error.methodNotAllowed',
  CONFLICT: 'api.error.conflict',
  PAYLOAD_TOO_LARGE: 'api.error.payloadTooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'api.error.unsupportedMediaType',
  RATE_LIMITED: 'api.error.rateLimited',
  INTERNAL: 'api.error.internal',
  MISCONFIGURED: 'api.error.misconfigured',
  UNAVAILABLE: 'api.error.unavailable',
};

export type BlockedBy = NonNullable<ErrorBody['blockedBy']>[number];

/** More an error can say: values for the message's placeholders, and what blocks the request. */
export interface ApiErrorExtras {
  params?: Record<string, string | number>;
  blockedBy?: BlockedBy[];
  /** The stored record a stale write was refused for (409). */
  current?: unknown;
}

/** An expected failure a handler raises; the one error mapper turns it into an envelope. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  /** A message key (translated by the server for the response). */
  readonly messageKey: string;
  readonly details?: ErrorDetailKey[];
  readonly headers?: Record<string, string>;
  readonly extras?: ApiErrorExtras;

  constructor(code: ErrorCode, messageKey: string = MESSAGE_KEY_OF[code], details?: ErrorDetailKey[], headers?: Record<string, string>, extras?: ApiErrorExtras) {
    super(messageKey);
    this.name = 'ApiError';
    this.code = code;
    this.messageKey = messageKey;
    this.details = details;
    this.headers = headers;
    this.extras = extras;
  }

  get status(): number {
    return STATUS_OF[this.code];
  }
}

/**
 * Zod issues as envelope details: a dotted path and a message key (the schema's own key, else one
 * per issue code, e.g. `validation.invalidType`). A union's issues name the key of its branches.
 */
export function detailsFromZod(issues: readonly z.core.$ZodIssue[]): ErrorDetailKey[] {
  const details: ErrorDetailKey[] = [];
  for (const issue of issues) {
    const detail: ErrorDetailKey = { path: issue.path.map(String).join('.'), key: messageKeyOf(issue) };
    // A refinement names its message's placeholders (the edition year's '{max}', issue 13).
    if (issue.code === 'custom' && issue.params) detail.params = issue.params as Record<string, string | number>;
    // Several checks of one field may fail with the same message (a one-letter language code is
    // too short and off the pattern): the reader sees it once (issue 29 point 26).
    const same = details.find((d) => d.path === detail.path && d.key === detail.key);
    if (same) {
      if (detail.params) same.params = { ...detail.params, ...same.params };
    } else details.push(detail);
  }
  return details;
}

function messageKeyOf(issue: z.core.$ZodIssue): string {
  if (issue.message.startsWith('validation.')) return issue.message;
  if (issue.code === 'invalid_union') {
    const branchKey = issue.errors.flat().find((i) => i.message.startsWith('validation.'))?.message;
    if (branchKey) return branchKey;
  }
  return `validation.${issue.code.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}`;
}
