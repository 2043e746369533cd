/**
 * Small HTTP helpers for the simulator integration tests: authenticated GETs with global fetch,
 * and a cursor-following pager.
 */
import type { RunningSimulator } from '../../../src/simulator/start-simulator.ts';

export interface SimResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** GET `path` (relative to apiUrl unless absolute) with the API credentials. */
export async function apiGet(sim: RunningSimulator, path: string, init: { auth?: string | null; accept?: string } = {}): Promise<SimResponse> {
  const url = path.startsWith('http') ? path : `${sim.apiUrl}${path}`;
  const headers: Record<string, string> = {};
  const auth = init.auth === undefined ? basic(sim.credentials.username, sim.credentials.password) : init.auth;
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
  return { status: res.status, headers: res.headers, text, json };
}

/** GET an Infra path (`/v1/...`) with the Infra credentials. */
export function infraGet(sim: RunningSimulator, path: string, accept?: string): Promise<SimResponse> {
  return apiGet(sim, `${sim.infraUrl}${path}`, { auth: basic(sim.credentials.infraUsername, sim.credentials.infraPassword), ...(accept === undefined ? {} : { accept }) });
}

/** Follows Cursors.Next from a first request to the end; returns every page. */
export async function pageAll(sim: RunningSimulator, path: string, maxPages = 500): Promise<SimResponse[]> {
  const pages: SimResponse[] = [];
  let next: string | undefined = path;
  const base = path.split('?')[0]!;
  while (next !== undefined) {
    const page = await apiGet(sim, next);
    if (page.status !== 200) throw new Error(`page ${pages.length} answered ${page.status}: ${page.text}`);
    pages.push(page);
    const cursor: string | undefined = page.json.Cursors?.Next;
    next = cursor === undefined ? undefined : `${base}?Cursor=${encodeURIComponent(cursor)}`;
    if (pages.length > maxPages) throw new Error('too many pages');
  }
  return pages;
}

/** The alert ids of all pages, in order. */
export function ids(pages: SimResponse[]): string[] {
  return pages.flatMap((p) => (p.json.Data as { Id: string }[]).map((a) => a.Id));
}
