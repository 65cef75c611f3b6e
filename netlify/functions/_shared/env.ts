/**
 * Environment of the functions, parsed once at start (STYLE.md: env parsed at start-up). Local
 * defaults are safe only on a laptop; in production a missing or default secret stops the start
 * with a clear error instead of running insecurely.
 */
import { z } from 'zod';
import { ConfigurationError, isProduction } from '../../../src/domain/runtime/environment.ts';
import { API_V1_DEFAULT_REQUESTS_PER_MINUTE } from '../../../src/domain/open-data/api-v1-rate-limit.ts';

export const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-000000000000';

/** An empty variable (`AI_BASE_URL=`) counts as unset. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

const EnvSchema = z.object({
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').default(DEV_SESSION_SECRET),
  SITE_URL: z.url().optional(),
  /** Days raw analytics events and searches are kept (issue 14 point 2); the daily rollups stay. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1, 'ANALYTICS_RETENTION_DAYS must be a whole number of 1 or more').default(90),
  /** Analytics events one client (the day's visitor hash) may send per minute (issue 14 point 1). */
  ANALYTICS_EVENTS_PER_MINUTE: z.coerce.number().int().min(1, 'ANALYTICS_EVENTS_PER_MINUTE must be a whole number of 1 or more').default(60),
  /** Ratings, reviews and reading-list writes a signed-in user may make per minute (issue 12; rate-limit.ts). */
  READER_WRITES_PER_MINUTE: z.coerce.number().int().min(1, 'READER_WRITES_PER_MINUTE must be a whole number of 1 or more').default(60),
  /**
   * The chat assistant's model (issue 15 point 2): any OpenAI-compatible API (a hosted one, Ollama,
   * a llama.cpp server). Unset (or empty): the catalogue's own recommender answers.
   */
  AI_BASE_URL: unsetWhenEmpty(z.url('AI_BASE_URL must be a URL such as http://localhost:11434/v1').optional()),
  AI_API_KEY: unsetWhenEmpty(z.string().optional()),
  AI_MODEL: unsetWhenEmpty(z.string().optional()),
  /** How long one answer of the model may take before the recommender answers instead (issue 15 point 4). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000, 'AI_TIMEOUT_MS must be at least 1000').default(30_000),
  /** Requests one client may send to the public read API (/api/v1) per minute and function instance (issue 16 point 4; ADR 0025). */
  API_V1_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1, 'API_V1_REQUESTS_PER_MINUTE must be a whole number of 1 or more').default(API_V1_DEFAULT_REQUESTS_PER_MINUTE),
  /** Chat messages one golden reader may send per hour (issue 15 point 4). */
  CHAT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1, 'CHAT_MESSAGES_PER_HOUR must be a whole number of 1 or more').default(30),
});
export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(env: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.path.join('.') ?? 'environment';
    throw new ConfigurationError(first, `Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  // Fail closed (issue 26 point 1): only the local runtime may sign sessions with the public development secret.
  if (isProduction(env) && parsed.data.SESSION_SECRET === DEV_SESSION_SECRET) {
    throw new ConfigurationError('SESSION_SECRET', 'SESSION_SECRET must be set in production and in every deployed context (see README: Deploy to Netlify).');
  }
  return parsed.data;
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
