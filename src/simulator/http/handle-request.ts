/**
 * The request pipeline: route matching (with or without `/v4`, case-insensitive, trailing slash
 * optional), fault injection (before anything else, as a gateway in front of the service would),
 * Basic authentication (separate Infra credentials), the handler, and serialisation. Every API and
 * Infra request is counted by route template and status.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decideFault } from '../faults/decide-fault.ts';
import type { GroundTruth } from '../ground-truth.ts';
import { answerInjectControl, injectorOf } from '../inject-response.ts';
import type { SimulatorState } from '../simulator-state.ts';
import { ALERT_ROUTES } from './alert-routes.ts';
import { CHECKPOINT_ROUTES } from './checkpoint-routes.ts';
import { CONFIG_ROUTES } from './config-routes.ts';
import { answerControl, type SimulatorControls } from './control-routes.ts';
import { ALERTING_ROUTES } from './alerting-routes.ts';
import { DIRECTORY_ROUTES } from './directory-routes.ts';
import { INFRA_ROUTES } from './infra-routes.ts';
import { queryParams } from './parse-period-params.ts';
import { messageList, type Route, type RouteResult } from './route-result.ts';
import { STATISTICS_ROUTES } from './statistics-routes.ts';
import { viewerBody, viewerRefusal } from './viewer-rights.ts';
import { toXml } from './to-xml.ts';

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
}

const COMPILED: readonly CompiledRoute[] = [
  ...CONFIG_ROUTES,
  ...CHECKPOINT_ROUTES,
  ...DIRECTORY_ROUTES,
  ...ALERTING_ROUTES,
  ...ALERT_ROUTES,
  ...STATISTICS_ROUTES,
  ...INFRA_ROUTES,
].map((route) => ({
  route,
  pattern: new RegExp(`^${route.template.replace(/\{[^}]+\}/g, '([^/]+)')}/?$`, 'i'),
}));

/** Timers of delayed responses, so close() can cancel them. */
export const pendingTimers = new Set<NodeJS.Timeout>();

function sleep(ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => {
      pendingTimers.delete(t);
      resolve();
    }, ms);
    pendingTimers.add(t);
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A path segment decoded; a malformed escape is kept as is (the handler then answers 400). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function authorized(req: IncomingMessage, user: string, password: string): boolean {
  const header = req.headers.authorization ?? '';
  const m = /^Basic\s+(\S+)$/i.exec(header);
  if (m === null) return false;
  return Buffer.from(m[1]!, 'base64').toString('utf8') === `${user}:${password}`;
}

function send(
  res: ServerResponse,
  status: number,
  text: string,
  contentType: string,
  headers: Record<string, string> = {},
): void {
  if (res.destroyed) return;
  res.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * Resolves when `res` can take more data or has closed, and leaves no listener behind either way:
 * a listener left for the event that did not come stayed on the response, one per full buffer, and
 * a slow reader of a large body collected enough for Node's leak warning.
 */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.once('drain', done).once('close', done);
  });
}

/**
 * A chunked body of `bytes` bytes (endless without), `chunkBytes` at a time, `intervalMs` apart:
 * the opening of a JSON document padded with spaces, which never closes. Stops when the client
 * hangs up.
 */
async function streamBody(
  res: ServerResponse,
  status: number,
  o: { bytes?: number; chunkBytes?: number; intervalMs?: number },
): Promise<void> {
  if (res.destroyed) return;
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  const chunk = Buffer.alloc(o.chunkBytes ?? 64 * 1024, ' ');
  let sent = 0;
  res.write('{"Data":[');
  while (!res.destroyed && (o.bytes === undefined || sent < o.bytes)) {
    const part = o.bytes === undefined ? chunk : chunk.subarray(0, Math.min(chunk.length, o.bytes - sent));
    sent += part.length;
    if (!res.write(part)) await drainedOrClosed(res);
    if ((o.intervalMs ?? 0) > 0) await sleep(o.intervalMs!);
  }
  if (!res.destroyed) res.end();
}

/** Handles one HTTP request against the simulator. */
export async function handleRequest(
  s: SimulatorState,
  truth: GroundTruth,
  controls: SimulatorControls,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const method = req.method ?? 'GET';
  const rawUrl = req.url ?? '/';
  const url = new URL(rawUrl, 'http://simulator.invalid');
  const q = queryParams(url.searchParams);
  const path = url.pathname;

  if (/^\/_sim(\/|$)/i.test(path)) {
    const text = await readBody(req);
    const result =
      answerInjectControl(injectorOf(s), method, path.slice(5), text) ??
      answerControl(s, truth, controls, method, path.slice(5), q, text);
    send(res, result.status, JSON.stringify(result.body ?? null), 'application/json; charset=utf-8');
    return;
  }

  const infra = /^\/infra(\/|$)/i.test(path);
  const sub = infra ? path.slice(6) : path.replace(/^\/v4(?=\/|$)/i, '');
  let matched: { route: Route; params: string[] } | undefined;
  for (const c of COMPILED) {
    if ((c.route.area === 'infra') !== infra) continue;
    const m = c.pattern.exec(sub);
    if (m !== null) {
      matched = { route: c.route, params: m.slice(1).map(decodeSegment) };
      break;
    }
  }
  const routeKey = `${method} ${infra ? '/infra' : ''}${matched?.route.template ?? '(unmatched)'}`;

  const attempt = s.attempt(`${method} ${rawUrl}`);
  const fault = decideFault(
    s.faults,
    s.ds.options.seed,
    method,
    rawUrl,
    attempt.attempt,
    attempt.faultedBefore,
  );
  if (fault.kind !== undefined || fault.expireCursor || fault.repeatCursor) attempt.markFaulted();
  await sleep(s.baseLatencyMs + fault.delayMs + (fault.kind === 'slow' ? s.faults.slowMs : 0));

  const json = (r: RouteResult, headers?: Record<string, string>): void => {
    s.count(routeKey, String(r.status));
    send(res, r.status, JSON.stringify(r.body ?? null), 'application/json; charset=utf-8', {
      ...r.headers,
      ...headers,
    });
  };
  if (fault.kind === 'reset') {
    s.count(routeKey, 'reset');
    req.socket.destroy();
    return;
  }
  if (fault.outage || fault.kind === 'error500') return json(messageList(500, 'An error has occurred.'));
  if (fault.kind === 'error503') return json(messageList(503, 'The service is temporarily unavailable.'));
  if (fault.kind === 'rate429')
    return json(messageList(429, 'Too many requests.'), { 'Retry-After': String(s.faults.retryAfterSec) });

  const creds = s.credentials;
  if (
    !(infra
      ? authorized(req, creds.infraUsername, creds.infraPassword)
      : authorized(req, creds.username, creds.password))
  ) {
    return json(messageList(401, 'Authorization has been denied for this request.'), {
      'WWW-Authenticate': 'Basic realm="Uptrends simulator"',
    });
  }
  if (matched === undefined)
    return json(
      messageList(404, `No HTTP resource was found that matches the request URI '${url.pathname}'.`),
    );
  if (method !== 'GET')
    return json(messageList(405, `The requested resource does not support http method '${method}'.`));
  if (s.viewer) {
    const refused = viewerRefusal(matched.route.template, url.pathname);
    if (refused !== undefined) return json(refused);
  }
  const cursor = q.get('cursor');
  if (fault.expireCursor && cursor !== undefined) return json(messageList(400, 'The cursor has expired.'));

  // Test facility (docs/simulator.md): a response placed by the test replaces or edits this one.
  const injection = injectorOf(s).take(rawUrl);
  if (injection?.stream !== undefined) {
    await sleep(injection.delayMs);
    s.count(routeKey, `${injection.status ?? 200} injected`);
    await streamBody(res, injection.status ?? 200, injection.stream);
    return;
  }
  if (injection !== undefined) {
    await sleep(injection.delayMs);
    const real =
      injection.rawBody === undefined ? matched.route.handle(s, matched.params, q, req) : undefined;
    const out = injection.rawBody === undefined ? injection.apply(real?.body, { url, query: q }) : undefined;
    const status = injection.status ?? real?.status ?? 200;
    s.count(routeKey, `${status} injected`);
    send(res, status, out ?? injection.rawBody ?? '', 'application/json; charset=utf-8', {
      ...real?.headers,
      ...injection.headers,
    });
    return;
  }
  const answered = matched.route.handle(s, matched.params, q, req);
  const result = s.viewer
    ? { ...answered, body: viewerBody(matched.route.template, answered.body) }
    : answered;
  const body = result.body as Record<string, unknown> | undefined;
  if (fault.repeatCursor && cursor !== undefined && body?.Cursors !== undefined) {
    body.Cursors = { ...(body.Cursors as Record<string, unknown>), Next: cursor };
  }
  const wantsXml =
    result.xmlRoot !== undefined &&
    /\bxml\b/i.test(req.headers.accept ?? '') &&
    !/application\/json/i.test(req.headers.accept ?? '');
  let text = wantsXml ? toXml(result.body, result.xmlRoot!) : JSON.stringify(result.body ?? null);
  const status = result.status;
  if (status === 200 && fault.kind === 'truncate')
    text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  if (status === 200 && fault.kind === 'malformed')
    text =
      '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>';
  s.count(
    routeKey,
    fault.kind === 'truncate' || fault.kind === 'malformed' ? `${status} ${fault.kind}` : String(status),
  );
  send(
    res,
    status,
    text,
    wantsXml ? 'application/xml; charset=utf-8' : 'application/json; charset=utf-8',
    result.headers,
  );
  if (status === 200 && !wantsXml && fault.kind === undefined) s.recorder?.record(text);
}
