// Two sync processes at once on the warehouse the tests use (Postgres when one answers: the
// advisory lock). The in-process variant runs in the fast suite.
import { concurrencySuite } from '../../support/reliability-concurrency.ts';

concurrencySuite('test');
