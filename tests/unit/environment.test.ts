import { describe, expect, it } from 'vitest';
import { getConnection } from '../../db/client.ts';
import { sendMail } from '../../netlify/functions/_shared/mailer.ts';
import { DEV_SESSION_SECRET, parseEnv } from '../../netlify/functions/_shared/env.ts';
import { chatModelFrom } from '../../netlify/functions/_shared/chat-model.ts';

const LOCAL = { PHANTASTIKA_RUNTIME: 'local' };

describe('start-up configuration', () => {
  it('uses safe local defaults in the local runtime only', () => {
    expect(parseEnv(LOCAL).SESSION_SECRET).toBe(DEV_SESSION_SECRET);
  });

  it('refuses the development session secret, or a short one, everywhere else: a deployed function sees no CONTEXT', () => {
    for (const env of [{}, { URL: 'https://phantastika.netlify.app', SITE_NAME: 'phantastika', SITE_ID: 'x' }, { CONTEXT: 'production', NETLIFY: 'true' }, { CONTEXT: 'dev', NETLIFY_DEV: 'true' }]) {
      expect(() => parseEnv(env)).toThrow(/SESSION_SECRET must be set/);
      expect(parseEnv({ ...env, SESSION_SECRET: 'y'.repeat(40) }).SESSION_SECRET).toHaveLength(40);
    }
    expect(() => parseEnv({ SESSION_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });

  it('names the setting in its configuration error (the envelope says which)', () => {
    try {
      parseEnv({});
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ name: 'ConfigurationError', setting: 'SESSION_SECRET' });
    }
  });

  it('has no chat model unless AI_BASE_URL and AI_MODEL are set, and limits chat messages to 30 an hour', () => {
    const local = parseEnv(LOCAL);
    expect([local.AI_BASE_URL, local.AI_MODEL, local.AI_API_KEY]).toEqual([undefined, undefined, undefined]);
    expect(local.CHAT_MESSAGES_PER_HOUR).toBe(30);
    expect(local.AI_TIMEOUT_MS).toBe(30_000);
    expect(chatModelFrom(parseEnv({ ...LOCAL, AI_BASE_URL: '', AI_MODEL: '' }))).toBeNull();
    expect(chatModelFrom(parseEnv({ ...LOCAL, AI_MODEL: 'llama3.2' }))).toBeNull();
    const ollama = chatModelFrom(parseEnv({ ...LOCAL, AI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.2' }));
    expect(ollama).toMatchObject({ modelId: 'llama3.2' });
    expect(() => parseEnv({ ...LOCAL, AI_BASE_URL: 'not a url' })).toThrow(/AI_BASE_URL must be a URL/);
    expect(() => parseEnv({ ...LOCAL, AI_TIMEOUT_MS: '10' })).toThrow(/AI_TIMEOUT_MS/);
  });

  it('refuses to connect without a database URL and never starts an embedded server (the functions)', async () => {
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      await expect(getConnection()).rejects.toMatchObject({ name: 'ConfigurationError', setting: 'DATABASE_URL' });
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
  });

  it('sends mail only over SMTP when deployed: no SMTP_URL or MAIL_FROM is a configuration error, never a file', async () => {
    const mail = { to: 'reader@example.org', subject: 'S', text: 'T', html: '<p>T</p>' };
    await expect(sendMail(mail, { OUTBOX_DIR: '/nonexistent/outbox' })).rejects.toMatchObject({ setting: 'SMTP_URL' });
    await expect(sendMail(mail, { SMTP_URL: 'smtp://127.0.0.1:1', OUTBOX_DIR: '/nonexistent/outbox' })).rejects.toMatchObject({ setting: 'MAIL_FROM' });
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
