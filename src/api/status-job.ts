/**
 * The status jobs of the programmatic API (`uptrends-etl status`): recent runs, watermarks, row
 * counts and deliveries (`getStatus`), or one run with its jobs (`getRun`), read from an open
 * warehouse (warehouse-access.ts).
 */
export {
  getStatus,
  type AccountStatus,
  type JobCounts,
  type RunDetail,
  type RunSummary,
  type WarehouseStatus,
} from '../pipeline/get-status.ts';
export { getRun } from '../pipeline/run-history.ts';
