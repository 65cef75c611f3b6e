/**
 * POST /api/chat and the conversation endpoints (issue 15 points 1-4) over HTTP against the real
 * database, without a configured model (the default in tests): the role matrix, bad input, the rate
 * limit, the catalogue's own recommender answering end to end in the reader's language with links to
 * real books the reader has not read, and the conversations (continued, someone else's, deleted,
 * exported).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../../db/client.ts';
import { bookSlugOf } from '../../../src/domain/chat/book-links.ts';
import { CHAT_CONVERSATION_HEADER, CHAT_SOURCE_HEADER } from '../../../src/domain/chat/limits.ts';
import { ConversationListSchema, ConversationsDeletedSchema } from '../../../src/domain/schemas/chat.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import de from '../../../locales/de.json' with { type: 'json' };
import it_ from '../../../locales/it.json' with { type: 'json' };
import type { Role } from '../../../src/domain/enums.ts';
import { bookIds, createReader, dataOf, errorOf, serveForTests } from '../../support/readers.ts';

const { url, call } = serveForTests();

interface Asked {
  status: number;
  headers: Headers;
  text: string;
}

async function ask(cookie: string | undefined, body: unknown, lang = 'en'): Promise<Asked> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': lang };
  if (cookie) headers.cookie = cookie;
  const res = await fetch(`${url()}/api/chat`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const linkedSlugs = (markdown: string) => [...markdown.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);

describe('who may chat', () => {
  it('answers golden users and super users, refuses signed-out visitors (401) and normal and power users (403)', async () => {
    const cases: [Role | null, number][] = [
      [null, 401],
      ['NORMAL_USER', 403],
      ['POWER_USER', 403],
      ['GOLDEN_USER', 200],
      ['SUPER_USER', 200],
    ];
    for (const [role, status] of cases) {
      const cookie = role ? (await createReader(url(), { role })).cookie : undefined;
      const answer = await ask(cookie, { message: 'Dune' }, 'de');
      expect(answer.status, `${role}: ${answer.text.slice(0, 200)}`).toBe(status);
      if (status !== 200) {
        const body = JSON.parse(answer.text) as { success: boolean; error: { code: string; message: string } };
        expect(body.success).toBe(false);
        expect(body.error.code).toBe(status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN');
        expect(answer.headers.get('content-language')).toBe('de');
      }
    }
  });
});

describe('bad input', () => {
  it('is a localized 400 envelope, never a 500', async () => {
    const golden = await createReader(url(), { role: 'GOLDEN_USER' });
    const bad: [unknown, string][] = [
      [{ message: '' }, 'validation.chat.message'],
      [{ message: '   ' }, 'validation.chat.message'],
      [{ message: 'x'.repeat(1001) }, 'validation.chat.messageTooLong'],
      [{ message: 'a\u0000b' }, 'validation.controlCharacters'],
      [{ message: 42 }, 'validation.chat.message'],
      [{ message: 'Dune', conversationId: 'not-a-uuid' }, 'validation.chat.conversation'],
      [{ message: 'Dune', extra: true }, 'validation.unrecognizedKeys'],
      [{}, 'validation.chat.message'],
    ];
    for (const [body, key] of bad) {
      const answer = await ask(golden.cookie, body, 'it');
      const error = errorOf({ status: answer.status, headers: answer.headers, json: JSON.parse(answer.text) }, 400);
      expect(error.code).toBe('VALIDATION');
      expect(error.details?.map((d) => d.key)).toContain(key);
      const detail = error.details!.find((d) => d.key === key)!;
      if (key in it_) expect(detail.message).toBe((it_ as Record<string, string>)[key]);
    }
    // Exactly 1,000 characters is fine.
    expect((await ask(golden.cookie, { message: `Dune ${'.'.repeat(995)}` })).status).toBe(200);
  });
});

describe('the rate limit', () => {
  it('allows 30 messages an hour per reader, then answers 429 with Retry-After in the reader’s language', async () => {
    const golden = await createReader(url(), { role: 'GOLDEN_USER' });
    const other = await createReader(url(), { role: 'GOLDEN_USER' });
    // 29 messages already this hour: the 30th is answered, the 31st refused.
    await (await getDb()).execute(sql`INSERT INTO rate_limits (key, window_start, count) VALUES (${`chatMessage:user:${golden.id}`}, now(), 29)`);
    expect((await ask(golden.cookie, { message: 'Hyperion' })).status).toBe(200);
    const refused = await ask(golden.cookie, { message: 'Hyperion' }, 'de');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(JSON.parse(refused.text).error).toMatchObject({ code: 'RATE_LIMITED', message: de['api.error.tooManyChatMessages'] });
    // Another reader's budget is their own.
    expect((await ask(other.cookie, { message: 'Hyperion' })).status).toBe(200);
  });
});

describe('without a configured model', () => {
  it('answers in German with the catalogue’s recommender: real books linked to their German pages, none the reader has read', async () => {
    const golden = await createReader(url(), { role: 'GOLDEN_USER' });
    const ids = await bookIds(['the-dispossessed', 'the-left-hand-of-darkness']);
    // The reader has read The Dispossessed, the closest neighbour of the book they name.
    await (await getDb()).execute(sql`INSERT INTO reading_list (user_id, book_id, status) VALUES (${golden.id}, ${ids.get('the-dispossessed')!}, 'read')`);

    const answer = await ask(golden.cookie, { message: 'Ich mochte Die linke Hand der Dunkelheit, was noch?' }, 'de');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.headers.get(CHAT_SOURCE_HEADER)).toBe('recommender');
    expect(answer.text).toContain(de['chat.recommender.label']);

    const links = linkedSlugs(answer.text);
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const href of links) expect(href).toMatch(/^\/de\/books\//);
    const slugs = links.map((href) => bookSlugOf(href)!);
    const found = await bookIds(slugs);
    expect(found.size, 'every linked book is a real book of the catalogue').toBe(new Set(slugs).size);
    expect(slugs).not.toContain('the-dispossessed');
    expect(slugs).not.toContain('the-left-hand-of-darkness');

    // The answer is stored with the question.
    const conversations = dataOf(await call('GET', '/api/chat/conversations', { cookie: golden.cookie }), ConversationListSchema);
    expect(conversations).toHaveLength(1);
    expect(conversations[0]!.id).toBe(answer.headers.get(CHAT_CONVERSATION_HEADER));
    expect(conversations[0]!.messages.map((m) => [m.role, m.source])).toEqual([
      ['user', null],
      ['assistant', 'recommender'],
    ]);
    expect(conversations[0]!.messages[1]!.content).toBe(answer.text);
  });

  it('answers in English and Italian in the interface language', async () => {
    const golden = await createReader(url(), { role: 'GOLDEN_USER' });
    const english = await ask(golden.cookie, { message: 'something like Hyperion but shorter' }, 'en');
    expect(english.text).toContain(en['chat.recommender.label']);
    // The catalogue knows no page counts of these books: the answer says "shorter" was not followed (issue 29 point 21).
    expect(english.text).toContain(en['recommend.unmet.shorter']);
    expect(linkedSlugs(english.text).every((href) => href.startsWith('/en/books/'))).toBe(true);
    const italian = await ask(golden.cookie, { message: 'Mi è piaciuto Dune' }, 'it');
    expect(italian.text).toContain(it_['chat.recommender.label']);
    expect(linkedSlugs(italian.text).length).toBeGreaterThan(0);
    expect(linkedSlugs(italian.text).every((href) => href.startsWith('/it/books/'))).toBe(true);
  });
});

describe('conversations', () => {
  it('go on by id, are nobody else’s, and are deleted one by one or all at once', async () => {
    const golden = await createReader(url(), { role: 'GOLDEN_USER' });
    const intruder = await createReader(url(), { role: 'GOLDEN_USER' });
    const first = await ask(golden.cookie, { message: 'Dune' });
    const id = first.headers.get(CHAT_CONVERSATION_HEADER)!;
    const second = await ask(golden.cookie, { message: 'Hyperion', conversationId: id });
    expect(second.status).toBe(200);
    expect(second.headers.get(CHAT_CONVERSATION_HEADER)).toBe(id);

    // Another reader can neither continue nor delete it.
    const stolen = await ask(intruder.cookie, { message: 'Dune', conversationId: id });
    expect(stolen.status).toBe(404);
    expect(JSON.parse(stolen.text).error.code).toBe('NOT_FOUND');
    errorOf(await call('DELETE', `/api/chat/conversations/${id}`, { cookie: intruder.cookie }), 404);

    const listed = dataOf(await call('GET', '/api/chat/conversations', { cookie: golden.cookie }), ConversationListSchema);
    expect(listed[0]!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);

    // The profile's data export holds them.
    const exportBody = (await call('GET', '/api/profile/export', { cookie: golden.cookie })).json as { data: { chatConversations: unknown } };
    const exportedConversations = ConversationListSchema.parse(exportBody.data.chatConversations);
    expect(exportedConversations.map((c) => c.id)).toEqual([id]);
    expect(exportedConversations[0]!.messages[0]!.content).toBe('Dune');

    const third = await ask(golden.cookie, { message: 'Le Guin' });
    expect(dataOf(await call('DELETE', `/api/chat/conversations/${id}`, { cookie: golden.cookie }), ConversationsDeletedSchema)).toEqual({ deleted: 1 });
    expect(dataOf(await call('GET', '/api/chat/conversations', { cookie: golden.cookie }), ConversationListSchema).map((c) => c.id)).toEqual([third.headers.get(CHAT_CONVERSATION_HEADER)]);
    expect((await call('DELETE', '/api/chat/conversations', { cookie: golden.cookie })).json).toEqual({ success: true, data: { deleted: 1 } });
    expect(dataOf(await call('GET', '/api/chat/conversations', { cookie: golden.cookie }), ConversationListSchema)).toEqual([]);
    errorOf(await call('GET', '/api/chat/conversations'), 401);
  });
});
