import { describe, expect, it } from 'vitest';
import { resolveDatabaseUrl } from '../../db/client.ts';
import { DEV_SESSION_SECRET, parseEnv } from '../../netlify/functions/_shared/env.ts';
import { chatModelFrom } from '../../netlify/functions/_shared/chat-model.ts';

describe('start-up configuration', () => {
  it('uses safe local defaults on a laptop', () => {
    expect(parseEnv({}).SESSION_SECRET).toBe(DEV_SESSION_SECRET);
  });

  it('refuses production with the development session secret or a short one', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET must be set in production/);
    expect(() => parseEnv({ CONTEXT: 'production', SESSION_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).SESSION_SECRET).toHaveLength(40);
  });

  it.each([
    { CONTEXT: 'deploy-preview', NETLIFY: 'true' },
    { CONTEXT: 'branch-deploy', NETLIFY: 'true' },
    { CONTEXT: 'production', NETLIFY: 'true' },
    { NETLIFY: 'true' },
  ])('refuses the development secret in every deployed context (%o)', (env) => {
    expect(() => parseEnv(env)).toThrow(/SESSION_SECRET must be set/);
    expect(parseEnv({ ...env, SESSION_SECRET: 'y'.repeat(40) }).SESSION_SECRET).toHaveLength(40);
  });

  it('lets only a local run use the development secret (netlify dev included)', () => {
    expect(parseEnv({ CONTEXT: 'dev', NETLIFY_DEV: 'true' }).SESSION_SECRET).toBe(DEV_SESSION_SECRET);
    expect(parseEnv({ NETLIFY: 'true', NETLIFY_DEV: 'true', CONTEXT: 'dev' }).SESSION_SECRET).toBe(DEV_SESSION_SECRET);
  });

  it('has no chat model unless AI_BASE_URL and AI_MODEL are set, and limits chat messages to 30 an hour', () => {
    const local = parseEnv({});
    expect([local.AI_BASE_URL, local.AI_MODEL, local.AI_API_KEY]).toEqual([undefined, undefined, undefined]);
    expect(local.CHAT_MESSAGES_PER_HOUR).toBe(30);
    expect(local.AI_TIMEOUT_MS).toBe(30_000);
    expect(chatModelFrom(parseEnv({ AI_BASE_URL: '', AI_MODEL: '' }))).toBeNull();
    expect(chatModelFrom(parseEnv({ AI_MODEL: 'llama3.2' }))).toBeNull();
    const ollama = chatModelFrom(parseEnv({ AI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.2' }));
    expect(ollama).toMatchObject({ modelId: 'llama3.2' });
    expect(() => parseEnv({ AI_BASE_URL: 'not a url' })).toThrow(/AI_BASE_URL must be a URL/);
    expect(() => parseEnv({ AI_TIMEOUT_MS: '10' })).toThrow(/AI_TIMEOUT_MS/);
  });

  it('requires a database URL in production and never starts an embedded server there', async () => {
    await expect(resolveDatabaseUrl({ NODE_ENV: 'production' })).rejects.toThrow(/DATABASE_URL is not set/);
    await expect(resolveDatabaseUrl({ NETLIFY: 'true', NETLIFY_DB_URL: 'postgres://u@db.example/x' })).resolves.toBe('postgres://u@db.example/x');
    await expect(resolveDatabaseUrl({ DATABASE_URL: 'postgres://u@127.0.0.1/x' })).resolves.toBe('postgres://u@127.0.0.1/x');
  });
});

describe('connections', () => {
  it('can be closed twice (close, then release) without an error', async () => {
    const { connect } = await import('../../db/client.ts');
    const connection = connect('postgres://nobody@127.0.0.1:1/none');
    await connection.close();
    await expect(connection.close()).resolves.toBeUndefined();
  });
});
