// A real HTTP server on 127.0.0.1 that stands where the leads function sends things: the form
// service, Telegram's Bot API (its base URL is configurable) and a webhook. It records every
// request and how many connections were open at once, and can answer, fail or hang on demand.
// Used by the leads tests and by bench/leads-load.mjs (no mocked fetch anywhere).

import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** performance.now() when the whole request had arrived. */
  at: number;
  /** The status it was answered with ('hang': none; 'drop': the connection closed without an answer). */
  answered: number | 'hang' | 'drop';
  /** Requests under way when this one had arrived, itself included. */
  openAtArrival: number;
}

/** 'ok': 200 (Telegram's {"ok":true}); 'hang': never answers; 'drop': closes the connection unanswered; a number: that status. */
export type Mode = 'ok' | 'hang' | 'drop' | number;

export interface Receiver {
  /** http://127.0.0.1:PORT */
  url: string;
  received: Received[];
  /** Connections open now, and the most open at once since the start. */
  openSockets(): number;
  maxOpenSockets: number;
  /** Requests under way (arrived, not yet answered or dropped) at most at once. */
  maxOpenRequests: number;
  /** Requests under way now. */
  openRequests(): number;
  /** How the next requests are answered; `failures` answers of `mode`, then 'ok', when given. */
  setMode(mode: Mode, failures?: number): void;
  /** Resolves once `n` requests in all have arrived. */
  waitFor(n: number): Promise<void>;
  /** Answers every hanging request with 503 and closes their connections. */
  releaseHanging(): void;
  close(): Promise<void>;
}

export async function startReceiver(mode: Mode = 'ok', port = 0): Promise<Receiver> {
  const received: Received[] = [];
  const hanging = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  let waiters: { n: number; resolve: () => void }[] = [];
  let current: Mode = mode;
  let failuresLeft = Infinity;
  const r = {
    url: '',
    received,
    maxOpenSockets: 0,
    maxOpenRequests: 0,
    openSockets: () => sockets.size,
    openRequests: () => open.size,
    setMode(m: Mode, failures = Infinity) {
      current = m;
      failuresLeft = failures;
    },
    waitFor(n: number) {
      return received.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }));
    },
    releaseHanging() {
      for (const res of hanging) res.writeHead(503, { connection: 'close' }).end('released');
      hanging.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        r.releaseHanging();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  } satisfies Receiver as Receiver;

  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    open.add(res);
    r.maxOpenRequests = Math.max(r.maxOpenRequests, open.size);
    res.on('close', () => open.delete(res));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const m = failuresLeft > 0 ? current : 'ok';
      if (failuresLeft > 0 && failuresLeft !== Infinity) failuresLeft--;
      const answered = m === 'ok' ? 200 : m;
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: performance.now(), answered, openAtArrival: open.size });
      const ready = waiters.filter((w) => received.length >= w.n);
      waiters = waiters.filter((w) => received.length < w.n);
      for (const w of ready) w.resolve();
      if (m === 'drop') {
        open.delete(res);
        req.socket.destroy();
        return;
      }
      if (m === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (m === 'ok') res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true,"result":{}}');
      // A 429 as Telegram's Bot API gives it: how long to wait, in seconds.
      else if (m === 429) res.writeHead(429, { 'content-type': 'application/json' }).end('{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 42","parameters":{"retry_after":42}}');
      else res.writeHead(m, { 'content-type': 'application/json' }).end(`{"ok":false,"error_code":${m},"description":"Answer ${m} from the test receiver"}`);
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    r.maxOpenSockets = Math.max(r.maxOpenSockets, sockets.size);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return r;
}

/** Checks a webhook request's signature as a receiver (n8n, a small server) would. */
export function verifyWebhook(secret: string, req: Received): boolean {
  const timestamp = String(req.headers['x-lead-timestamp'] ?? '');
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${req.body}`).digest('hex')}`;
  return req.headers['x-lead-signature'] === expected;
}
