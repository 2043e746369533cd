/**
 * The check job of the programmatic API (`uptrends-etl check`): the warehouse reachable and
 * migrated, the API credentials accepted. The command prints what this returns.
 */
export { runCheck, type CheckResult } from '../pipeline/run-check.ts';
