/**
 * A dead-man's-switch service for tests: a real HTTP server (node:http) on a loopback port that
 * records every ping (method, path, body) and answers 200, or never answers (`hang`), as a
 * stuck monitoring service would.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request received. */
export interface Ping {
  readonly method: string;
  readonly path: string;
  readonly body: string;
  readonly contentType: string | undefined;
}

export interface PingRecorder {
  /** The check's URL, with a token-like path (`/ping/<token>`). */
  readonly url: string;
  readonly token: string;
  readonly pings: Ping[];
  close(): Promise<void>;
}

/** Starts a recorder; `mode: 'hang'` reads each request and never answers it. */
export async function startPingRecorder(
  mode: 'ok' | 'hang' = 'ok',
  token = `tok-${Math.random().toString(36).slice(2)}`,
): Promise<PingRecorder> {
  const pings: Ping[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      pings.push({
        method: request.method ?? '',
        path: request.url ?? '',
        body,
        contentType: request.headers['content-type'],
      });
      if (mode === 'hang') {
        open.add(response);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ping/${token}`,
    token,
    pings,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
