/**
 * The assistant's conversations (issue 15 point 1; migration 0016): every query names the reader's
 * own id, so nobody reads, continues or deletes another's conversation. A conversation's `books` are
 * the slugs the tools returned in it: the books its answers may link.
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '../../../src/domain/enums.ts';
import type { ChatSource, Conversation } from '../../../src/domain/schemas/chat.ts';
import type { Database } from '../../client.ts';
import { localizedTitleSql } from '../book-title.ts';
import { isoTime } from '../reader/ratings.ts';

export interface StoredTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface OpenConversation {
  id: string;
  /** The messages so far, oldest first. */
  history: StoredTurn[];
  /** Slugs the tools returned in this conversation. */
  books: string[];
}

/** A new conversation of the reader's. */
export async function createConversation(db: Database, userId: string): Promise<OpenConversation> {
  const result = await db.execute(sql`INSERT INTO chat_conversations (user_id) VALUES (${userId}) RETURNING id`);
  return { id: (result.rows[0] as { id: string }).id, history: [], books: [] };
}

/** The reader's conversation `id` with its messages, or null when the reader has none by that id. */
export async function findConversation(db: Database, userId: string, id: string): Promise<OpenConversation | null> {
  const result = await db.execute(sql`
    SELECT c.id,
           coalesce((SELECT json_agg(json_build_object('role', m.role, 'content', m.content) ORDER BY m.id)
                     FROM chat_messages m WHERE m.conversation_id = c.id), '[]') AS history,
           coalesce((SELECT json_agg(DISTINCT b.slug) FROM chat_messages m, jsonb_array_elements_text(m.books) b(slug)
                     WHERE m.conversation_id = c.id), '[]') AS books
    FROM chat_conversations c WHERE c.id = ${id} AND c.user_id = ${userId}`);
  return (result.rows[0] as OpenConversation | undefined) ?? null;
}

export interface NewMessage {
  role: 'user' | 'assistant';
  content: string;
  source?: ChatSource | null;
  books?: string[];
  stopped?: boolean;
}

/** Adds a message to the reader's conversation and marks the conversation as changed. */
export async function addMessage(db: Database, userId: string, conversationId: string, message: NewMessage): Promise<void> {
  await db.execute(sql`
    WITH own AS (UPDATE chat_conversations SET updated_at = now() WHERE id = ${conversationId} AND user_id = ${userId} RETURNING id)
    INSERT INTO chat_messages (conversation_id, role, content, source, books, stopped)
    SELECT own.id, ${message.role}, ${message.content}, ${message.source ?? null}, ${JSON.stringify(message.books ?? [])}::jsonb, ${message.stopped ?? false}
    FROM own`);
}

/** The reader's conversations, newest first, with their messages (the profile export and the island). */
export async function listConversations(db: Database, userId: string): Promise<Conversation[]> {
  const result = await db.execute(sql`
    SELECT c.id, c.created_at AS "createdAt", c.updated_at AS "updatedAt",
           coalesce((SELECT json_agg(json_build_object('role', m.role, 'content', m.content, 'source', m.source,
                                                       'stopped', m.stopped, 'createdAt', m.created_at) ORDER BY m.id)
                     FROM chat_messages m WHERE m.conversation_id = c.id), '[]') AS messages
    FROM chat_conversations c WHERE c.user_id = ${userId}
    ORDER BY c.updated_at DESC, c.id`);
  return (result.rows as (Omit<Conversation, 'createdAt' | 'updatedAt'> & { createdAt: Date | string; updatedAt: Date | string })[]).map((row) => ({
    ...row,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
    messages: row.messages.map((m) => ({ ...m, createdAt: isoTime(m.createdAt) })),
  }));
}

/** Deletes the reader's conversations (all, or the one `id`); returns how many went. */
export async function deleteConversations(db: Database, userId: string, id?: string): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM chat_conversations WHERE user_id = ${userId} ${id ? sql`AND id = ${id}` : sql``} RETURNING id`);
  return result.rows.length;
}

export interface ReaderBook {
  slug: string;
  title: string;
  authors: string[];
  /** Reading-list status, null when only rated. */
  status: string | null;
  /** The reader's stars, null when only listed. */
  rating: number | null;
}

/** The reader's listed and rated books in `locale` (the model's readerBooks tool; the link guard leaves them out). */
export async function readerBooks(db: Database, userId: string, locale: Locale, limit = 200): Promise<ReaderBook[]> {
  const title = localizedTitleSql({ id: sql`b.id`, originalTitle: sql`b.original_title`, originalLanguage: sql`b.original_language` }, locale);
  const result = await db.execute(sql`
    WITH own AS (
      SELECT coalesce(l.book_id, r.book_id) AS book_id, l.status::text AS status, r.rating::int AS rating,
             greatest(l.updated_at, r.updated_at) AS at
      FROM (SELECT * FROM reading_list WHERE user_id = ${userId}) l
      FULL JOIN (SELECT * FROM ratings WHERE user_id = ${userId}) r ON r.book_id = l.book_id
    )
    SELECT b.slug, ${title} AS title, own.status, own.rating,
           coalesce((SELECT json_agg(a.name ORDER BY ba.position, a.id) FROM book_authors ba JOIN authors a ON a.id = ba.author_id
                     WHERE ba.book_id = b.id), '[]') AS authors
    FROM own JOIN books b ON b.id = own.book_id
    ORDER BY own.at DESC NULLS LAST, b.id
    LIMIT ${limit}`);
  return result.rows as unknown as ReaderBook[];
}

/** Slugs of every book the reader listed or rated. */
export async function readerBookSlugs(db: Database, userId: string): Promise<Set<string>> {
  const result = await db.execute(sql`
    SELECT b.slug FROM books b
    WHERE b.id IN (SELECT book_id FROM reading_list WHERE user_id = ${userId} UNION SELECT book_id FROM ratings WHERE user_id = ${userId})`);
  return new Set((result.rows as { slug: string }[]).map((row) => row.slug));
}
