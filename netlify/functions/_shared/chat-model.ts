/**
 * The assistant's language model (issue 15 point 2): any OpenAI-compatible API, configured by
 * AI_BASE_URL, AI_API_KEY and AI_MODEL (README: Environment). Without a base URL and a model there is
 * none, and the catalogue's own recommender answers.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { Env } from './env.ts';

/** The configured model, or null. */
export function chatModelFrom(env: Pick<Env, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL'>): LanguageModel | null {
  if (!env.AI_BASE_URL || !env.AI_MODEL) return null;
  const provider = createOpenAICompatible({ name: 'phantastika-ai', baseURL: env.AI_BASE_URL, apiKey: env.AI_API_KEY, includeUsage: true });
  return provider.chatModel(env.AI_MODEL);
}

let cached: { key: string; model: LanguageModel | null } | undefined;

/** The model of this instance's environment (made once per configuration). */
export function configuredChatModel(env: Pick<Env, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL'>): LanguageModel | null {
  const key = `${env.AI_BASE_URL}\n${env.AI_MODEL}\n${env.AI_API_KEY ?? ''}`;
  if (cached?.key !== key) cached = { key, model: chatModelFrom(env) };
  return cached.model;
}
