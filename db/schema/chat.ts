import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The AI assistant's conversations (issue 15 point 1): one reader's, deleted with the account
 * (cascade) or by the reader; exported with the profile's data. `books` of a message are the slugs
 * the tools returned while answering it: the books a later answer may link (the link guard).
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_conversations_user_idx').on(t.userId, t.updatedAt.desc())],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: uuid('conversation_id').notNull().references(() => chatConversations.id, { onDelete: 'cascade' }),
    /** 'user' or 'assistant'. */
    role: text('role').notNull(),
    content: text('content').notNull(),
    /** Who answered: 'model' or 'recommender' (the catalogue's own); null for the reader's messages. */
    source: text('source'),
    /** Slugs of the books the tools returned for this answer (the links later answers may keep). */
    books: jsonb('books').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The reader stopped the answer: what was written so far. */
    stopped: boolean('stopped').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    check('chat_messages_role', sql`${t.role} IN ('user', 'assistant')`),
  ],
);
