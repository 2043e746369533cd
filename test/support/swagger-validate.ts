/**
 * Validates simulator (or fixture) responses against the 2021 Swagger 2.0 file of API v4, which
 * keeps the original types. Loaded at test time from the read-only reference next to the repository;
 * returns undefined when the file is missing so callers can skip with a clear message.
 *
 * Formats: `guid` is checked; `date-time` is checked as the service's actual wire form
 * `yyyy-MM-ddTHH:mm:ss` without offset (a documented deviation from RFC 3339); numeric formats
 * (int32, int64, double, decimal) only need the JSON type.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';

/** Where the Swagger file lives, relative to the repository root. */
export const SWAGGER_2021_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../shared/reference/swagger/swagger-2021-08.json',
);

/** The parts of a Swagger 2.0 document the validator reads. */
export interface SwaggerDocument {
  paths?: Record<string, { get?: { responses?: Record<string, { schema?: unknown }> } }>;
  definitions?: Record<string, { enum?: string[]; [keyword: string]: unknown }>;
  [key: string]: unknown;
}

/** A compiled Swagger document. */
export interface SwaggerValidator {
  /** Errors of `body` against the schema of (GET path template, status); [] when valid. */
  response(template: string, status: number, body: unknown): string[];
  /** Errors of `value` against `#/definitions/<name>`. */
  definition(name: string, value: unknown): string[];
  /** The raw document, for tests that patch a documented deviation. */
  document: SwaggerDocument;
}

/** Loads and compiles the 2021 Swagger file; `patch` may adjust it for documented deviations. */
export function loadSwagger2021(patch?: (doc: SwaggerDocument) => void): SwaggerValidator | undefined {
  if (!existsSync(SWAGGER_2021_PATH)) return undefined;
  const document = JSON.parse(readFileSync(SWAGGER_2021_PATH, 'utf8')) as SwaggerDocument;
  patch?.(document);
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat('guid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  for (const f of ['int32', 'int64', 'double', 'decimal', 'float'])
    ajv.addFormat(f, { type: 'number', validate: (n: number) => Number.isFinite(n) });
  ajv.addFormat('byte', true);
  ajv.addSchema({ $id: 'swagger', definitions: document.definitions }, 'swagger');
  const cache = new Map<string, ValidateFunction>();
  const compile = (key: string, schema: unknown): ValidateFunction => {
    let fn = cache.get(key);
    if (fn === undefined) {
      // Swagger refs point at "#/definitions/X"; inside the registered document they are "swagger#/definitions/X".
      const text = JSON.stringify(schema).replaceAll('"#/definitions/', '"swagger#/definitions/');
      fn = ajv.compile(JSON.parse(text) as object);
      cache.set(key, fn);
    }
    return fn;
  };
  const errors = (fn: ValidateFunction, value: unknown): string[] =>
    fn(value)
      ? []
      : (fn.errors ?? []).map(
          (e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
        );
  return {
    document,
    response(template, status, body) {
      const schema = document.paths?.[template]?.get?.responses?.[String(status)]?.schema;
      if (schema === undefined) return [`no schema for GET ${template} ${status}`];
      return errors(compile(`${template} ${status}`, schema), body);
    },
    definition(name, value) {
      if (document.definitions?.[name] === undefined) return [`no definition ${name}`];
      return errors(compile(`#${name}`, { $ref: `#/definitions/${name}` }), value);
    },
  };
}
