/**
 * The provider wiring (issue 15 points 2, 4, 6), once, end to end: AI_BASE_URL, AI_API_KEY and
 * AI_MODEL point `POST /api/chat` at a tiny OpenAI-compatible server in this test (node:http,
 * `/v1/chat/completions` with streaming), which asks for a tool call and then streams an answer
 * with a real and a made-up book. A provider that does not answer within AI_TIMEOUT_MS hands over
 * to the catalogue's recommender.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import de from '../../../locales/de.json' with { type: 'json' };
import { CHAT_SOURCE_HEADER } from '../../../src/domain/chat/limits.ts';
import { createReader, serveForTests } from '../../support/readers.ts';

interface CompletionRequest {
  model: string;
  stream: boolean;
  tools?: { function: { name: string } }[];
  messages: { role: string; content: unknown }[];
}
const received: { authorization: string | undefined; path: string; body: CompletionRequest }[] = [];

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1_760_000_000, model: 'tiny-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

const provider = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (data: Buffer) => (raw += data.toString()));
  req.on('end', () => {
    const body = JSON.parse(raw) as CompletionRequest;
    received.push({ authorization: req.headers.authorization, path: req.url ?? '', body });
    if (req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    if (JSON.stringify(body.messages).includes('slow please')) return; // never answers: the time limit must end it
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (!body.messages.some((m) => m.role === 'tool')) {
      res.write(chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'searchCatalogue', arguments: '' } }] }));
      res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"query":' } }] }));
      res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: '"Dune"}' } }] }));
      res.write(chunk({}, 'tool_calls'));
    } else {
      for (const piece of ['Lesen Sie [Der Wüs', 'tenplanet](/de/books/dune) ', 'und [Erfunden](/de/books/erfunden-und-erlogen).']) res.write(chunk({ content: piece }));
      res.write(chunk({}, 'stop'));
    }
    res.end('data: [DONE]\n\n');
  });
});
await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
const { port } = provider.address() as AddressInfo;
// Before the server reads its environment (once, on the first request).
process.env.AI_BASE_URL = `http://127.0.0.1:${port}/v1`;
process.env.AI_API_KEY = 'test-key-123';
process.env.AI_MODEL = 'tiny-model';
process.env.AI_TIMEOUT_MS = '1500';

const { url } = serveForTests();
afterAll(async () => {
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
});

async function ask(cookie: string, message: string) {
  const res = await fetch(`${url()}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'de', cookie },
    body: JSON.stringify({ message }),
  });
  return { status: res.status, source: res.headers.get(CHAT_SOURCE_HEADER), text: await res.text() };
}

describe('an OpenAI-compatible provider configured by the environment', () => {
  it('is called with the key, the model and our tools, and its streamed answer passes the link guard', async () => {
    const golden = await createReader(url(), { role: 'GOLDEN_USER' });
    const answer = await ask(golden.cookie, 'Etwas wie Dune?');
    expect(answer.status).toBe(200);
    expect(answer.source).toBe('model');
    expect(answer.text).toBe('Lesen Sie [Der Wüstenplanet](/de/books/dune) und Erfunden.');

    expect(received).toHaveLength(2);
    for (const call of received) {
      expect(call.path).toBe('/v1/chat/completions');
      expect(call.authorization).toBe('Bearer test-key-123');
      expect(call.body).toMatchObject({ model: 'tiny-model', stream: true });
    }
    expect(received[0]!.body.tools?.map((t) => t.function.name).sort()).toEqual(['getBook', 'readerBooks', 'recommendForWish', 'searchCatalogue', 'similarBooks']);
    expect(received[0]!.body.messages[0]).toMatchObject({ role: 'system' });
    // The search's result went back as the tool's answer, with the book's German link.
    const toolMessage = received[1]!.body.messages.find((m) => m.role === 'tool');
    expect(JSON.stringify(toolMessage)).toContain('/de/books/dune');
  });

  it('hands over to the catalogue’s recommender when the provider does not answer in time', async () => {
    const golden = await createReader(url(), { role: 'GOLDEN_USER' });
    const started = Date.now();
    const answer = await ask(golden.cookie, 'Hyperion, slow please');
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(answer.text.startsWith(de['chat.recommender.modelFailed'])).toBe(true);
    expect(answer.text).toContain(de['chat.recommender.label']);
    expect(answer.text).toMatch(/\]\(\/de\/books\/[a-z0-9-]+\)/);
  });
});
