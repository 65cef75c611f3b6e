import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LightClient } from './bench-http.ts';

let server: http.Server;
let client: LightClient;
const sockets = new Set<unknown>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    sockets.add(req.socket);
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/json') {
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] });
      res.end(JSON.stringify({ method: req.method, lang: req.headers['accept-language'] ?? null }));
    } else if (url.pathname === '/chunked') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('0\r\n');
      setTimeout(() => {
        res.write('second part');
        res.end();
      }, 5);
    } else if (url.pathname === '/empty') {
      res.writeHead(204).end();
    } else if (url.pathname === '/close') {
      res.writeHead(200, { connection: 'close', 'content-length': '2' }).end('ok');
    } else if (url.pathname === '/echo') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => res.writeHead(201, { 'content-type': 'text/plain' }).end(body));
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new LightClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  client.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('the benchmarks’ HTTP client', () => {
  it('reads status, headers (Set-Cookie as a list) and, when asked, the body', async () => {
    const answer = await client.request({ method: 'GET', path: '/json', headers: { 'accept-language': 'de' }, readBody: true });
    expect(answer.status).toBe(200);
    expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(JSON.parse(answer.body!)).toEqual({ method: 'GET', lang: 'de' });
    expect((await client.request({ method: 'GET', path: '/json' })).body).toBeUndefined();
  });

  it('reads chunked bodies across packets, no body for 204, and keeps error bodies', async () => {
    expect((await client.request({ method: 'GET', path: '/chunked', readBody: true })).body).toBe('0\r\nsecond part');
    expect(await client.request({ method: 'GET', path: '/empty' })).toMatchObject({ status: 204 });
    expect(await client.request({ method: 'GET', path: '/missing' })).toMatchObject({ status: 404, body: '{"success":false}' });
  });

  it('sends bodies, reuses its connections one request at a time, and opens a new one after Connection: close', async () => {
    sockets.clear();
    expect(await client.request({ method: 'POST', path: '/echo', body: 'héllo', readBody: true })).toMatchObject({ status: 201, body: 'héllo' });
    for (let i = 0; i < 5; i++) await client.request({ method: 'GET', path: '/json' });
    expect(sockets.size).toBe(1);
    await Promise.all(Array.from({ length: 4 }, () => client.request({ method: 'GET', path: '/json' })));
    expect(sockets.size).toBe(4);
    expect((await client.request({ method: 'GET', path: '/close', readBody: true })).body).toBe('ok');
    expect((await client.request({ method: 'GET', path: '/json' })).status).toBe(200);
  });
});
