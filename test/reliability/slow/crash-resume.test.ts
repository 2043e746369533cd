// At least 20 seeded crash points per run (issue 8). Replay a failure with CRASH_SEED=<seed>.
import { crashSuite } from '../../support/crash-suite.ts';

crashSuite(24, Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000));
