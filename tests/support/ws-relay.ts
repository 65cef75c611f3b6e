/**
 * A minimal WebSocket-to-TCP relay, like Neon's wsproxy: each WebSocket carries the raw PostgreSQL
 * protocol to the address named in its `address` query parameter. It lets the Neon driver path run
 * against a normal local server in tests (DESIGN.md §2).
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

export interface Relay {
  /** Value for NEON_WS_PROXY (host:port/path, no scheme). */
  proxy: string;
  connections: () => number;
  close: () => Promise<void>;
}

export async function startWsRelay(): Promise<Relay> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/v1' });
  let count = 0;
  wss.on('connection', (socket, request) => {
    count += 1;
    const address = new URL(request.url ?? '', 'http://relay').searchParams.get('address') ?? '';
    const [host, port] = address.split(':');
    const tcp = net.connect({ host: host === 'localhost' ? '127.0.0.1' : host, port: Number(port) });
    tcp.on('data', (data) => socket.send(data));
    tcp.on('close', () => socket.close());
    tcp.on('error', () => socket.close());
    socket.on('message', (data) => tcp.write(data as Buffer));
    socket.on('close', () => tcp.destroy());
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const { port } = wss.address() as AddressInfo;
  return {
    proxy: `127.0.0.1:${port}/v1`,
    connections: () => count,
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
