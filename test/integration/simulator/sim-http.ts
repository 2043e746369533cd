/**
 * Small HTTP helpers for the simulator integration tests: authenticated GETs with global fetch,
 * and a cursor-following pager.
 */
import type { RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import type { AlertList } from './wire-types.ts';

export interface SimResponse<T> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body; undefined when it is not JSON (the caller states the expected shape). */
  json: T;
}

export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** GET `path` (relative to apiUrl unless absolute) with the API credentials. */
export async function apiGet<T = unknown>(
  sim: RunningSimulator,
  path: string,
  init: { auth?: string | null; accept?: string } = {},
): Promise<SimResponse<T>> {
  const url = path.startsWith('http') ? path : `${sim.apiUrl}${path}`;
  const headers: Record<string, string> = {};
  const auth =
    init.auth === undefined ? basic(sim.credentials.username, sim.credentials.password) : init.auth;
  if (auth !== null) headers.authorization = auth;
  if (init.accept !== undefined) headers.accept = init.accept;
  const res = await fetch(url, { headers });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json: json as T };
}

/** GET an Infra path (`/v1/...`) with the Infra credentials. */
export function infraGet<T = unknown>(
  sim: RunningSimulator,
  path: string,
  accept?: string,
): Promise<SimResponse<T>> {
  return apiGet<T>(sim, `${sim.infraUrl}${path}`, {
    auth: basic(sim.credentials.infraUsername, sim.credentials.infraPassword),
    ...(accept === undefined ? {} : { accept }),
  });
}

/** GET and parse, expecting 200. */
export async function getJson<T>(sim: RunningSimulator, path: string): Promise<T> {
  const r = await apiGet<T>(sim, path);
  if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${r.text.slice(0, 300)}`);
  return r.json;
}

/** Follows Cursors.Next from a first request to the end; returns every page. */
export async function pageAll(
  sim: RunningSimulator,
  path: string,
  maxPages = 500,
): Promise<SimResponse<AlertList>[]> {
  const pages: SimResponse<AlertList>[] = [];
  let next: string | undefined = path;
  const base = path.split('?')[0]!;
  while (next !== undefined) {
    const page: SimResponse<AlertList> = await apiGet<AlertList>(sim, next);
    if (page.status !== 200) throw new Error(`page ${pages.length} answered ${page.status}: ${page.text}`);
    pages.push(page);
    const cursor = page.json.Cursors?.Next;
    next = cursor === undefined ? undefined : `${base}?Cursor=${encodeURIComponent(cursor)}`;
    if (pages.length > maxPages) throw new Error('too many pages');
  }
  return pages;
}

/** The alert ids of all pages, in order. */
export function ids(pages: SimResponse<AlertList>[]): string[] {
  return pages.flatMap((p) => p.json.Data.map((a) => a.Id));
}
