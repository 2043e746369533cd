import { defineConfig } from 'vitest/config';

// Four projects: pure unit tests (`npm run test:fast`), unit tests that start a child process, integration tests against a real database (Postgres when one
// answers, PGlite otherwise) and the simulator, and the slow reliability suite, which runs only
// when asked for (`npm run test:reliability`). The last two spawn the CLI: their set-up first
// builds dist/ from the current sources (test/support/build-cli.ts).
//
// Workers: vitest's default is one fewer than the cores, one file at a time on a 2-core machine,
// while most integration files wait on child processes, Postgres and the simulator. The projects
// run one after another (sequence.groupOrder): unit on 2 workers, the child-process tests alone
// (they measure their children's memory), integration on 3. Measured on the 2-core machine: the
// whole suite 1,307 s against 1,384 s on one worker, the first with other work beside it.
const reliability = process.env.UPTRENDS_TEST_RELIABILITY === '1';

// Unit tests that start a child process (node, docker, mkfifo): the `process` project, so that the
// `unit` project (`npm run test:fast`) is pure: no database, no child process.
const CHILD_PROCESS_TESTS = [
  'test/unit/cli/heap-growth.test.ts',
  'test/unit/container.test.ts',
  'test/unit/config-file/load-config-file.test.ts',
  'test/unit/load/connection/engine-tier.test.ts',
  'test/unit/load/connection/engine-young-generation.test.ts',
  'test/unit/load/connection/template-memory.test.ts',
  'test/unit/operations-docs.test.ts',
  'test/unit/reports/render/atomic-file.test.ts',
  'test/unit/reports/render/report-set.test.ts',
  'test/unit/heap-collection.test.ts',
  'test/unit/reports/render/spent-buffers.test.ts',
];

export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: CHILD_PROCESS_TESTS,
          environment: 'node',
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
          // A hang guard, not a time limit: no unit test is timed, and on a machine busy with
          // other work (seven builds on two cores) a property test can take several times its
          // usual second.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'process',
          include: CHILD_PROCESS_TESTS,
          environment: 'node',
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          // The same hang guard as the unit project's: each of these tests starts node several times.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/reliability/fast/**/*.test.ts'],
          globalSetup: ['test/support/build-cli.ts', 'test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 3,
          sequence: { groupOrder: 2 },
        },
      },
      ...(reliability
        ? [
            {
              test: {
                name: 'reliability',
                include: ['test/reliability/slow/**/*.test.ts'],
                globalSetup: ['test/support/build-cli.ts', 'test/support/global-setup.ts'],
                testTimeout: 600_000,
                hookTimeout: 120_000,
                pool: 'forks' as const,
              },
            },
          ]
        : []),
    ],
  },
});
