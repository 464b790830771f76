// What `site start` puts around the app at the level of node:http: answers the server makes itself
// (414, Node's 400s) and how a request that was followed by garbage ends (docs/decisions/050-…,
// 075-leads-outbox-and-alerts.md).

import { createServer, type IncomingMessage, type RequestListener, type ServerResponse, type ServerOptions as HttpServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { SECURITY_HEADERS } from '#functions/_shared/http.ts';
import { MAX_PATH_LENGTH } from './dist-index.ts';

/** What Node answers for each kind of unparsable request (its own defaults), with the functions' security headers (issue 25.9). */
const STATUS_OF: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

function rawAnswer(status: number, reason: string): string {
  const headers = Object.entries({ ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'content-length': String(reason.length), connection: 'close' });
  return `HTTP/1.1 ${status} ${reason}\r\n${headers.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${reason}`;
}

/**
 * node:http's createServer for @hono/node-server's `serve`:
 * - a request whose path is longer than MAX_PATH_LENGTH gets 414 before a Request object is built
 *   and routed: a path of 7,000 segments cost six short requests in URL parsing and routing (decision 050);
 * - bytes that cannot be parsed after a request on the same connection (a POST with `Connection:
 *   close` and one byte after its body) no longer make Node answer 400 while that request is still
 *   being handled: the client got a 400 for a lead or event that was stored (issue 25.6). The
 *   request's own answer is sent, then the connection closed; only a connection with no request
 *   under way gets the 400 (431, 408). This holds for a client that half-closed after sending too.
 */
export const guardedCreateServer = ((options: HttpServerOptions, listener: RequestListener) => {
  const answering = new WeakMap<Socket, { req: IncomingMessage; res: ServerResponse }>();
  const server = createServer(options, (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const exchange = { req, res };
    answering.set(socket, exchange);
    res.once('close', () => answering.get(socket) === exchange && answering.delete(socket));
    const target = req.url ?? '/';
    const query = target.indexOf('?');
    if ((query < 0 ? target.length : query) <= MAX_PATH_LENGTH) return listener(req, res);
    res.writeHead(414, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' }).end('URI too long');
  });
  // A client that closes its side after sending (printf … | nc) still gets the answer: Node ends
  // the connection once the answer under way is sent, instead of dropping it.
  // (A property of node:http's Server since Node 0.x that @types/node 20 does not declare.)
  (server as typeof server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const under = answering.get(socket);
    if (under && !under.res.writableFinished) {
      const { req, res } = under;
      if (req.complete) {
        // Answer the request that was parsed, then close: what followed it is dropped.
        res.once('close', () => socket.destroy());
        return;
      }
      // The body itself could not be parsed (a malformed chunk): it can never end, so the handler
      // waiting for it would never answer and the socket would stay open for good (issue 38, N1).
      // Node's 400 goes out unless the handler has begun its own answer; then the request is
      // ended, which ends the handler's read of the body and closes the socket.
      const end = () => {
        req.destroy();
        socket.destroy();
      };
      if (res.headersSent || !socket.writable) return end();
      socket.end(rawAnswer(400, 'Bad Request'), end);
      // A client that never reads its answer does not keep the socket either.
      setTimeout(end, 5_000).unref();
      return;
    }
    const [status, reason] = STATUS_OF[error.code ?? ''] ?? [400, 'Bad Request'];
    if (socket.writable) socket.end(rawAnswer(status, reason));
    else socket.destroy();
  });
  return server;
}) as unknown as typeof createServer;
