/**
 * The benchmarks' HTTP client: HTTP/1.1 over keep-alive sockets, one request at a time per socket,
 * parsed by hand as load generators do (wrk, autocannon). The benchmarks run on the machine they
 * measure: on 2 cores node:http's client (Agent, ClientRequest, IncomingMessage and their streams)
 * cost ~0.12-0.15 ms of CPU per request, a third of what the server spent on a cached answer, and that
 * CPU was taken from the server whose latency was measured. This client reads the status line, the
 * headers it needs and the body's length, and keeps a body only when asked.
 *
 * Not a general client: no pipelining, redirects, compression or TLS; a response without a length
 * (neither Content-Length nor chunked) ends with its connection, as HTTP/1.1 says.
 */
import net from 'node:net';

export interface LightAnswer {
  status: number;
  /** Header names in lower case; Set-Cookie as a list. */
  headers: Record<string, string | string[]>;
  /** The body as text, when asked for (readBody), or for an answer that is not 2xx/3xx. */
  body?: string;
}

export interface LightRequest {
  method: string;
  /** Path and query. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Keep the body of a successful answer too (an error's body is always kept). */
  readBody?: boolean;
  timeoutMs?: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const BODY_LIMIT = 65_536;

interface Pending {
  request: LightRequest;
  resolve: (answer: LightAnswer) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
}

/** One keep-alive connection: a request, its answer, then the next request. */
class Connection {
  readonly socket: net.Socket;
  private pending: Pending | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  private answer: LightAnswer | undefined;
  /** Bytes of body still expected (content-length), or -1 for chunked, or -2 for until close. */
  private remaining = 0;
  private body: Buffer[] = [];
  private keepBody = false;
  /** Where the next chunk's size line starts in `buffer` (chunked answers). */
  private chunkAt = 0;
  private closeAfter = false;
  closed = false;

  constructor(host: string, port: number, onIdle: (c: Connection) => void) {
    this.socket = net.connect({ host, port });
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk, onIdle));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => {
      this.closed = true;
      if (this.pending && this.answer && this.remaining === -2) this.finish(onIdle);
      else this.fail(Object.assign(new Error('connection closed'), { code: 'ECONNRESET' }));
    });
  }

  send(pending: Pending, host: string): void {
    this.pending = pending;
    this.socket.ref();
    const { method, path, headers = {}, body } = pending.request;
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    if (body !== undefined) head += `content-length: ${Buffer.byteLength(body)}\r\n`;
    this.socket.write(body === undefined ? `${head}\r\n` : `${head}\r\n${body}`);
    if (pending.request.timeoutMs) {
      pending.timer = setTimeout(() => {
        this.fail(Object.assign(new Error('timeout'), { code: 'timeout' }));
        this.socket.destroy();
      }, pending.request.timeoutMs);
    }
  }

  private onData(chunk: Buffer, onIdle: (c: Connection) => void): void {
    if (!this.pending) return;
    if (!this.answer) {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      const end = this.buffer.indexOf(HEADER_END);
      if (end < 0) return;
      this.parseHead(this.buffer.subarray(0, end).toString('latin1'));
      chunk = this.buffer.subarray(end + 4);
      this.buffer = Buffer.alloc(0);
    }
    this.onBody(chunk);
    if (this.remaining === 0) this.finish(onIdle);
  }

  private parseHead(head: string): void {
    const lines = head.split('\r\n');
    const status = Number(lines[0]!.slice(9, 12));
    const headers: Record<string, string | string[]> = {};
    let length = -2;
    let chunked = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'set-cookie') ((headers[name] ??= []) as string[]).push(value);
      else headers[name] = value;
      if (name === 'content-length') length = Number(value);
      else if (name === 'transfer-encoding') chunked = /chunked/i.test(value);
      else if (name === 'connection') this.closeAfter = /close/i.test(value);
    }
    const noBody = this.pending!.request.method === 'HEAD' || status === 204 || status === 304 || (status >= 100 && status < 200);
    this.remaining = noBody ? 0 : chunked ? -1 : length;
    this.answer = { status, headers };
    this.keepBody = !!this.pending!.request.readBody || status < 200 || status >= 400;
    this.chunkAt = 0;
    this.body = [];
  }

  private onBody(chunk: Buffer): void {
    if (!chunk.length) return;
    if (this.remaining === -1) {
      // Chunked: sizes in hex, each chunk followed by CRLF; the last chunk has size 0.
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      for (;;) {
        const lineEnd = this.buffer.indexOf('\r\n', this.chunkAt);
        if (lineEnd < 0) return;
        const size = parseInt(this.buffer.subarray(this.chunkAt, lineEnd).toString('latin1'), 16);
        if (!size) {
          if (this.buffer.length < lineEnd + 4) return;
          this.buffer = Buffer.alloc(0);
          this.chunkAt = 0;
          this.remaining = 0;
          return;
        }
        if (this.buffer.length < lineEnd + 2 + size + 2) return;
        if (this.keepBody) this.body.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        this.chunkAt = lineEnd + 2 + size + 2;
      }
    }
    if (this.keepBody) this.body.push(chunk);
    if (this.remaining > 0) this.remaining = Math.max(0, this.remaining - chunk.length);
  }

  private finish(onIdle: (c: Connection) => void): void {
    const pending = this.pending!;
    const answer = this.answer!;
    // A body asked for is whole; an error's body (kept for the report) is cut at BODY_LIMIT.
    if (this.keepBody) answer.body = Buffer.concat(this.body).subarray(0, pending.request.readBody ? undefined : BODY_LIMIT).toString('utf8');
    this.pending = undefined;
    this.answer = undefined;
    this.body = [];
    clearTimeout(pending.timer);
    if (this.closeAfter || this.closed) this.socket.destroy();
    else {
      this.socket.unref();
      onIdle(this);
    }
    pending.resolve(answer);
  }

  private fail(error: Error): void {
    const pending = this.pending;
    this.pending = undefined;
    this.answer = undefined;
    this.closed = true;
    if (pending) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
  }
}

/** Keep-alive connections to one origin: a request takes an idle one or opens another. */
export class LightClient {
  private readonly host: string;
  private readonly port: number;
  private readonly hostHeader: string;
  private readonly idle: Connection[] = [];
  private readonly all = new Set<Connection>();

  constructor(origin: string) {
    const url = new URL(origin);
    this.host = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname.replace(/^\[|\]$/g, '');
    this.port = Number(url.port || 80);
    this.hostHeader = url.host;
  }

  request(request: LightRequest): Promise<LightAnswer> {
    return new Promise((resolve, reject) => {
      let connection = this.idle.pop();
      while (connection?.closed) connection = this.idle.pop();
      if (!connection) {
        connection = new Connection(this.host, this.port, (c) => this.idle.push(c));
        this.all.add(connection);
        connection.socket.once('close', () => this.all.delete(connection!));
      }
      connection.send({ request, resolve, reject }, this.hostHeader);
    });
  }

  close(): void {
    for (const connection of this.all) connection.socket.destroy();
    this.all.clear();
    this.idle.length = 0;
  }
}

const clients = new Map<string, LightClient>();

/** The shared client of an origin (bench-support's requestOk/getOk use it). */
export function lightClient(origin: string): LightClient {
  let client = clients.get(origin);
  if (!client) clients.set(origin, (client = new LightClient(origin)));
  return client;
}

/** Closes every shared client's connections. */
export function closeLightClients(): void {
  for (const client of clients.values()) client.close();
  clients.clear();
}
