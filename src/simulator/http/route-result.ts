/**
 * What a route handler returns: a status and a body the server serialises (JSON, or XML for the
 * Infra API when asked). Handlers stay pure functions of state and request, which keeps fault
 * injection (applied while sending) out of them.
 */
import type { IncomingMessage } from 'node:http';
import type { SimulatorState } from '../simulator-state.ts';
import type { QueryParams } from './parse-period-params.ts';

/** A handler's answer. */
export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Root element name when the body may be sent as XML. */
  xmlRoot?: string;
}

/** One route: a template such as `/Alert/Monitor/{monitorGuid}` and its handler. */
export interface Route {
  area: 'api' | 'infra';
  template: string;
  handle: (state: SimulatorState, params: string[], q: QueryParams, req: IncomingMessage) => RouteResult;
}

/** 200 with a body. */
export function ok(body: unknown, xmlRoot?: string): RouteResult {
  return { status: 200, body, ...(xmlRoot === undefined ? {} : { xmlRoot }) };
}

/** The service's usual error body: `{"Messages":[{"Message": ...}]}`. */
export function messageList(status: number, message: string): RouteResult {
  return { status, body: { Messages: [{ Message: message }] } };
}

/** The bare error body of the statistics routes: `{"Message": ...}`. */
export function messageInfo(status: number, message: string): RouteResult {
  return { status, body: { Message: message } };
}
