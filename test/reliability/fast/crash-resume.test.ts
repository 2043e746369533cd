// A few crash points in every `npm test`; the slow suite kills at 24 (npm run test:reliability).
import { crashSuite } from '../../support/crash-suite.ts';

crashSuite(4, Number(process.env.CRASH_SEED ?? 20251120));
