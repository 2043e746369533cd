/**
 * The streams a sync can read, by name (`sync --streams`, the help of `sync`): every stream
 * definition of src/pipeline/streams/, loaded only by the commands that list them.
 */
export { STREAMS } from '../pipeline/streams/index.ts';
