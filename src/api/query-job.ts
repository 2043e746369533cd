/**
 * The read-only query of the programmatic API (`uptrends-etl query`): a statement checked against
 * the read-only rules before the warehouse opens (`checkStatement`), streamed in batches
 * (`streamReadOnlyQuery`), or every example of a file of examples (`readSqlExamples`).
 */
export {
  readSqlExamples,
  runReadOnlyQuery,
  streamReadOnlyQuery,
  type QueryResult,
  type ReadOnlyQueryOptions,
  type RowBatch,
  type SqlExample,
} from '../load/query/read-only-query.ts';
export { checkStatement, refusedFunctions } from '../load/query/statement-rules.ts';
