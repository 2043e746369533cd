// Two syncs at once on an embedded PGlite directory (the data-dir lock file).
import { concurrencySuite } from '../../support/reliability-concurrency.ts';

concurrencySuite('pglite-dir');
