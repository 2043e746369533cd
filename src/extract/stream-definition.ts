/** A stream of the registry: its name, which API it reads, and how to run it. */
import type { StreamResult, SyncContext } from './sync-context.ts';

export interface StreamDefinition {
  readonly name: string;
  readonly description: string;
  /** Which API the stream reads; infra streams are skipped without infra credentials. */
  readonly api: 'api' | 'infra';
  run(ctx: SyncContext): Promise<StreamResult>;
}
