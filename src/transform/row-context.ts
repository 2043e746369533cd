/**
 * What every row mapper needs besides the record: whose account it is, the account's zone (to
 * turn account-local timestamps into instants) and the run that writes the row.
 */
import type { IanaZone } from '../terms.ts';

/** Per-run context of the row mappers. */
export interface RowContext {
  readonly accountId: string;
  /** The account's resolved IANA zone (docs/time.md). */
  readonly zone: IanaZone;
  /** `etl_run.run_id` of the current run, stored in every row's `run_id`. */
  readonly runId: number;
  /** Stream name for error context; defaults to the table name. */
  readonly stream?: string;
}
