/**
 * The Infra getter of a run, or a ConfigError. `runSync` skips Infra streams without credentials
 * before they start; this guards callers that run a stream directly.
 */
import { ConfigError } from '../../errors.ts';
import type { ApiGetter, SyncContext } from '../sync-context.ts';

/** `ctx.infra`, which must be configured. */
export function requireInfra(ctx: SyncContext, stream: string): ApiGetter {
  if (ctx.infra === undefined) {
    throw new ConfigError(
      `Stream ${stream} needs the Infra API: set UPTRENDS_INFRA_USERNAME and UPTRENDS_INFRA_PASSWORD.`,
      {
        context: { stream, setting: 'UPTRENDS_INFRA_USERNAME' },
      },
    );
  }
  return ctx.infra;
}
