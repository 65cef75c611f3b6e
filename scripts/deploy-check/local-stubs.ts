/**
 * The outside services a deployed function talks to, as small local stand-ins for the deploy check
 * (issue 26 point 4), all on 127.0.0.1: an SMTP server that keeps every message (what SMTP_URL names),
 * and an HTTP endpoint that counts the POSTs it gets (what BUILD_HOOK_URL names).
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface SmtpSink {
  url: string;
  /** Every message received, as its raw text (headers and body, dot-stuffing undone). */
  messages: string[];
  close: () => Promise<void>;
}

/** The least of SMTP (RFC 5321) that nodemailer needs: no TLS, no authentication. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let data: string[] | undefined;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 check-deploy ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            messages.push(data.join('\r\n'));
            data = undefined;
            reply('250 OK: kept');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 check-deploy');
        else if (verb === 'DATA') {
          data = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface HookStub {
  url: string;
  calls: () => number;
  close: () => Promise<void>;
}

/** A build hook: answers every POST with 200 and counts them. */
export async function startHookStub(): Promise<HookStub> {
  let calls = 0;
  const server = http.createServer((req, res) => {
    if (req.method === 'POST') calls += 1;
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/build_hooks/check-deploy`,
    calls: () => calls,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
