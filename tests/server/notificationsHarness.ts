/**
 * What the notification suites start: a Skydeck whose notifier runs on a manual clock, an HTTP server
 * that records each request (webhooks, chat robots) and answers what the test tells it to, and a tiny
 * SMTP server speaking just enough of the protocol (greeting, EHLO/HELO, AUTH PLAIN/LOGIN, MAIL,
 * RCPT, DATA, QUIT) for nodemailer.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { Socket } from 'node:net';
import { vi } from 'vitest';
import { createSkydeck } from '../../server/app.ts';
import type { Config } from '../../server/config.ts';
import type { SkydeckHandle } from '../../server/app.ts';
import type { NotificationService } from '../../server/notifications/notificationService.ts';
import type { ManualScheduler } from '../../server/runtime/scheduler.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import type { Backend } from './helpers/backends.ts';
import type { TestServer } from './helpers/testServer.ts';
import { PASSWORD, testConfig } from './helpers/testServer.ts';

export interface Reply<T> {
  status: number;
  body: { code: number; data: T; msg: string };
}

/** A running Skydeck with a manual notification clock, its demo accounts and a JSON caller. */
export interface NotifyWorld {
  handle: SkydeckHandle;
  s: Seeded;
  notifier: NotificationService;
  call<T = unknown>(
    method: string,
    path: string,
    o?: { token?: string; body?: unknown; query?: Record<string, string | number>; lang?: string },
  ): Promise<Reply<T>>;
  /** Moves the notifier's clock and waits until what that set off is done. */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The egress settings of suites whose receivers listen on this machine: the loopback address they
 * use is allowed by name in the list, the way an operator allows an internal hook (nothing else
 * private is).
 */
export const LOCAL_RECEIVERS: Partial<Config> = {
  notifyEgress: { allowPrivate: false, allowHosts: ['127.0.0.1'] },
};

/** Starts Skydeck on `backend` with `clock` as the notifier's time (receivers here allowed). */
export async function startNotifyWorld(
  backend: Backend,
  clock: ManualScheduler,
  config: Partial<Config> = LOCAL_RECEIVERS,
): Promise<NotifyWorld> {
  const opened = await backend.open();
  const handle = await createSkydeck(testConfig(config), {
    db: opened.db,
    inMemory: true,
    distDir: '/nonexistent-skydeck-dist',
    notifierScheduler: clock,
  });
  const call: NotifyWorld['call'] = async (method, path, o = {}) => {
    const url = new URL(path, handle.url);
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = {};
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.lang) headers['accept-language'] = o.lang;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as Reply<never>['body'] };
  };
  const world: NotifyWorld = {
    handle,
    s: {} as Seeded,
    notifier: handle.deps.notifier,
    call,
    async advance(ms) {
      clock.advance(ms);
      await handle.deps.notifier.idle();
    },
    close: async () => {
      await handle.close();
      await opened.dispose();
    },
  };
  // `seeded` only signs in and reads the workspace tree: this caller does both the same way.
  const asServer = { url: handle.url, handle, call, signIn: signInWith(call) };
  world.s = await seeded(asServer as unknown as TestServer);
  return world;
}

function signInWith(call: NotifyWorld['call']) {
  return async (username: string, password = PASSWORD) => {
    const answer = await call<{ token: string; refresh_token: string }>('POST', '/api/login', {
      body: { username, password },
    });
    return { token: answer.body.data.token, refresh: answer.body.data.refresh_token };
  };
}

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as sent (signatures cover these exact bytes). */
  body: string;
}

export interface HttpSink {
  url: string;
  received: Received[];
  /** Waits until `n` requests arrived. */
  waitFor(n: number): Promise<Received[]>;
  close(): Promise<void>;
}

export type Answer = { status: number; body?: string };

/** Starts the HTTP receiver; `answer` decides each reply (default 200 `{"errcode":0}`). */
export async function startHttpSink(
  answer: (request: Received, index: number) => Answer = () => ({ status: 200 }),
): Promise<HttpSink> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request: Received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      const reply = answer(request, received.length - 1);
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body ?? '{"errcode":0,"errmsg":"ok"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    received,
    async waitFor(n) {
      await vi.waitFor(() => {
        if (received.length < n) throw new Error(`${String(received.length)} of ${String(n)}`);
      });
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Mail {
  from: string;
  to: string[];
  /** The message as sent after DATA, dot-stuffing undone. */
  data: string;
  /** `user:password` when the client signed in. */
  auth: string | null;
}

export interface SmtpSink {
  port: number;
  mails: Mail[];
  waitFor(n: number): Promise<Mail[]>;
  close(): Promise<void>;
}

/** The body of `mail` after its headers, quoted-printable undone (nodemailer's choice for UTF-8). */
export function mailText(mail: Mail): string {
  const body = mail.data.slice(mail.data.indexOf('\n\n') + 2);
  const joined = body.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}/.exec(joined.slice(i + 1))?.[0] : undefined;
    if (hex !== undefined) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function b64(text: string): string {
  return Buffer.from(text, 'base64').toString('utf8');
}

/** One client's conversation. */
function converse(socket: Socket, mails: Mail[]): void {
  let buffer = '';
  let mail: Mail = { from: '', to: [], data: '', auth: null };
  let auth: string | null = null;
  let mode: 'command' | 'data' | 'login-user' | 'login-pass' = 'command';
  let loginUser = '';
  const say = (line: string) => socket.write(`${line}\r\n`);
  const command = (line: string) => {
    const verb = line.slice(0, 4).toUpperCase();
    if (verb === 'EHLO') {
      say('250-skydeck-test');
      say('250-AUTH PLAIN LOGIN');
      say('250 8BITMIME');
    } else if (verb === 'HELO') say('250 skydeck-test');
    else if (line.toUpperCase().startsWith('AUTH PLAIN')) {
      const [, user = '', pass = ''] = b64(line.slice(11).trim()).split('\u0000');
      auth = `${user}:${pass}`;
      say('235 2.7.0 accepted');
    } else if (line.toUpperCase().startsWith('AUTH LOGIN')) {
      mode = 'login-user';
      say('334 VXNlcm5hbWU6');
    } else if (verb === 'MAIL') {
      mail = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: [], data: '', auth };
      say('250 2.1.0 ok');
    } else if (verb === 'RCPT') {
      mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
      say('250 2.1.5 ok');
    } else if (verb === 'DATA') {
      mode = 'data';
      say('354 end with <CRLF>.<CRLF>');
    } else if (verb === 'QUIT') {
      say('221 2.0.0 bye');
      socket.end();
    } else say('250 ok');
  };
  const onLine = (line: string) => {
    if (mode === 'data') {
      if (line === '.') {
        mails.push(mail);
        mode = 'command';
        say('250 2.0.0 queued');
      } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
    } else if (mode === 'login-user') {
      loginUser = b64(line);
      mode = 'login-pass';
      say('334 UGFzc3dvcmQ6');
    } else if (mode === 'login-pass') {
      auth = `${loginUser}:${b64(line)}`;
      mode = 'command';
      say('235 2.7.0 accepted');
    } else command(line);
  };
  say('220 skydeck-test ESMTP');
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let end: number;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      onLine(line);
    }
  });
  socket.on('error', () => undefined);
}

/** Starts the SMTP receiver on a free port. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: Mail[] = [];
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    converse(socket, mails);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    mails,
    async waitFor(n) {
      await vi.waitFor(() => {
        if (mails.length < n) throw new Error(`${String(mails.length)} of ${String(n)}`);
      });
      return mails;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
