/**
 * A TEST FACILITY, not behaviour of the real service: answers chosen requests with a response the
 * test wrote (any status, headers and raw body) or with the real answer edited (one field of one
 * record replaced, a record duplicated, a cursor changed). The fault specification draws random
 * transport failures; this places one exact piece of bad input where a test needs it, so the
 * reliability suite can feed the ETL each case of its bad-input corpus. Rules are consumed in the
 * order they were added; each serves `times` matching requests after letting `skip` through.
 */
import { ConfigError } from '../errors.ts';

/** A declarative edit of the real JSON body (usable over HTTP, where functions cannot travel). */
export type BodyEdit =
  /** Sets the value at a dotted path (`Data.0.Attributes.AlertType`); missing objects are created. */
  | { set: string; value: unknown }
  /** Removes the property (or array item) at a dotted path. */
  | { remove: string };

/** What the request looked like, for transforms that depend on it (e.g. echo the sent cursor). */
export interface InjectedRequest {
  url: URL;
  /** Query parameters with lower-cased names. */
  query: ReadonlyMap<string, string>;
}

/** One injection rule. */
export interface InjectionSpec {
  /**
   * Tested, case-insensitively when given as text, on the request path plus query exactly as sent
   * (`/v4/Alert/MonitorGroup/<guid>?...&Cursor=...`).
   */
  match: string | RegExp;
  /** Matching requests that get the injected answer. (Default: 1) */
  times?: number;
  /** Matching requests answered normally before the first injected one. (Default: 0) */
  skip?: number;
  /** Status of the answer. (Default: the real answer's status) */
  status?: number;
  /** Extra delay before the answer is sent, ms: a slow response, or a run held at one point. (Default: 0) */
  delayMs?: number;
  /** Headers added to (or replacing) the real answer's. */
  headers?: Record<string, string>;
  /** The raw body, sent exactly as given (it may be invalid JSON); the route handler is not run. */
  body?: string;
  /** Edits of the real JSON body, applied in order. */
  edits?: readonly BodyEdit[];
  /**
   * A body streamed without a length (chunked): `bytes` in total (absent: endless, until the
   * client hangs up), `chunkBytes` at a time, `intervalMs` apart. For a huge body, an endless
   * one, or one dripping a byte a second. The bytes start a JSON document that never closes.
   */
  stream?: { bytes?: number; chunkBytes?: number; intervalMs?: number };
  /**
   * In-process only: a function of the real body (after `edits`). A string result is sent raw;
   * anything else is sent as JSON.
   */
  transform?: (body: unknown, request: InjectedRequest) => unknown;
}

/** A rule that was added: how often it has answered so far. */
export interface InjectionHandle {
  readonly served: number;
  readonly remaining: number;
}

/** What the HTTP layer should send instead of (or made from) the real answer. */
export interface Injection {
  status: number | undefined;
  delayMs: number;
  headers: Record<string, string>;
  /** Undefined: run the handler and pass its body to `apply`. */
  rawBody: string | undefined;
  /** The text to send made from the real body (edits, then transform). */
  apply(body: unknown, request: InjectedRequest): string;
  /** A streamed body instead of any other (see InjectionSpec.stream). */
  stream: InjectionSpec['stream'];
}

interface Rule {
  spec: InjectionSpec;
  pattern: RegExp;
  skip: number;
  served: number;
  times: number;
}

function pathParts(path: string): string[] {
  return path.split('.').filter((p) => p !== '');
}

/** Applies one edit in place to a JSON value; returns the (possibly new) root. */
function applyEdit(root: unknown, edit: BodyEdit): unknown {
  const parts = pathParts('set' in edit ? edit.set : edit.remove);
  if (parts.length === 0) return 'set' in edit ? edit.value : undefined;
  let node = root as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) {
    if (node[part] === null || typeof node[part] !== 'object') {
      if (!('set' in edit)) return root;
      node[part] = {};
    }
    node = node[part] as Record<string, unknown>;
  }
  const last = parts.at(-1)!;
  if ('set' in edit) node[last] = edit.value;
  else if (Array.isArray(node)) node.splice(Number(last), 1);
  else delete node[last];
  return root;
}

function checkSpec(spec: InjectionSpec): void {
  const count = (name: string, v: number | undefined, min: number): void => {
    if (v !== undefined && !(Number.isInteger(v) && v >= min))
      throw new ConfigError(`inject: ${name} must be an integer >= ${min}`, { context: { option: name } });
  };
  count('times', spec.times, 1);
  count('skip', spec.skip, 0);
  count('delayMs', spec.delayMs, 0);
  count('stream.bytes', spec.stream?.bytes, 1);
  count('stream.chunkBytes', spec.stream?.chunkBytes, 1);
  count('stream.intervalMs', spec.stream?.intervalMs, 0);
  if (
    spec.status !== undefined &&
    !(Number.isInteger(spec.status) && spec.status >= 100 && spec.status <= 599)
  )
    throw new ConfigError('inject: status must be an HTTP status', { context: { option: 'status' } });
  if (spec.body !== undefined && (spec.edits !== undefined || spec.transform !== undefined))
    throw new ConfigError('inject: give a raw body or edits/transform, not both', {
      context: { option: 'body' },
    });
}

/** The injection rules of one simulator. */
export class ResponseInjector {
  #rules: Rule[] = [];

  /** Adds a rule; throws ConfigError for an invalid one. */
  add(spec: InjectionSpec): InjectionHandle {
    checkSpec(spec);
    const pattern = typeof spec.match === 'string' ? new RegExp(spec.match, 'i') : spec.match;
    const rule: Rule = { spec, pattern, skip: spec.skip ?? 0, served: 0, times: spec.times ?? 1 };
    this.#rules.push(rule);
    return {
      get served() {
        return rule.served;
      },
      get remaining() {
        return rule.times - rule.served;
      },
    };
  }

  /** Drops every rule. */
  clear(): void {
    this.#rules = [];
  }

  /** The injection for this request, consuming one use of the first rule that matches, if any. */
  take(pathAndQuery: string): Injection | undefined {
    const rule = this.#rules.find((r) => r.served < r.times && r.pattern.test(pathAndQuery));
    if (rule === undefined) return undefined;
    if (rule.skip > 0) {
      rule.skip--;
      return undefined;
    }
    rule.served++;
    if (rule.served >= rule.times) this.#rules = this.#rules.filter((r) => r !== rule);
    const { spec } = rule;
    return {
      status: spec.status,
      delayMs: spec.delayMs ?? 0,
      headers: spec.headers ?? {},
      rawBody: spec.body,
      stream: spec.stream,
      apply(body, request) {
        // A deep copy: handlers may hand out shared objects of the dataset.
        let value = body === undefined ? undefined : (JSON.parse(JSON.stringify(body)) as unknown);
        for (const edit of spec.edits ?? []) value = applyEdit(value, edit);
        if (spec.transform !== undefined) value = spec.transform(value, request);
        return typeof value === 'string' ? value : JSON.stringify(value ?? null);
      },
    };
  }
}

const injectors = new WeakMap<object, ResponseInjector>();

/** The injector belonging to one simulator state (created on first use). */
export function injectorOf(state: object): ResponseInjector {
  let injector = injectors.get(state);
  if (injector === undefined) injectors.set(state, (injector = new ResponseInjector()));
  return injector;
}

/**
 * `POST /_sim/control/inject` with a JSON InjectionSpec (without `transform`), or
 * `DELETE /_sim/control/inject` to drop every rule: the same facility for a simulator in another
 * process. Returns undefined when the path is not the inject route.
 */
export function answerInjectControl(
  injector: ResponseInjector,
  method: string,
  path: string,
  body: string,
): { status: number; body: unknown } | undefined {
  if (!/^\/control\/inject\/?$/i.test(path)) return undefined;
  if (method === 'DELETE') return (injector.clear(), { status: 200, body: { cleared: true } });
  if (method !== 'POST') return { status: 405, body: { Messages: [{ Message: 'Use POST or DELETE.' }] } };
  try {
    const spec = JSON.parse(body) as InjectionSpec;
    if (typeof spec?.match !== 'string')
      throw new ConfigError('inject: "match" must be a regular expression text');
    if ('transform' in spec) throw new ConfigError('inject: "transform" is in-process only; use "edits"');
    injector.add(spec);
    return { status: 200, body: { injected: spec.match, times: spec.times ?? 1 } };
  } catch (error) {
    return {
      status: 400,
      body: { Messages: [{ Message: error instanceof Error ? error.message : String(error) }] },
    };
  }
}
