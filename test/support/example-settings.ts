/**
 * What the documented-examples test (test/integration/cli/documented-examples.test.ts) needs to
 * know beyond the lines themselves: the lines it cannot run here, each with its reason (reviewed:
 * a line is added here only when it needs something this machine does not have, never because it
 * fails), and the set-up a block presumes (the configuration file the text around it describes).
 */
import type { ExampleBlock } from './command-examples.ts';

const REAL_POSTGRES = 'needs a Postgres server of its own (a host or role the example names)';
const QUEUE =
  'needs a Postgres warehouse with workers running until stopped; test/integration/pipeline and docs/scaling.md cover the queue';
const DOCKER = 'needs a Docker daemon; test/unit/container.test.ts checks compose.yaml and its configuration';
const INSTALL =
  'installs the package system-wide; test/integration/cli/installed-package.test.ts packs and installs it into a temporary prefix';
const PLACEHOLDER = 'holds a placeholder (<guid>, ...) for the reader to fill in';
const CLONE = 'a development step inside a clone (it changes the clone or runs from its sources)';
const SLOW =
  'the same path as the demo example that runs, with sizes that take minutes (200 monitors for a year)';

/** Lines not run, by their exact text, with the reason. */
export const SKIPPED: ReadonlyMap<string, string> = new Map([
  [
    'npm ci && npx uptrends-etl demo',
    'npm ci reinstalls node_modules under the running tests; `npx uptrends-etl demo` itself runs in the README mail block',
  ],
  ['npm test', 'runs the whole test suite, this test included'],
  [
    'kill %npm %npx',
    "stops the jobs of the user's shell; here each line runs in a shell of its own and the test stops the servers",
  ],
  ['npm ci && npm pack', INSTALL],
  ['sudo npm install -g --prefix /opt/uptrends-etl ./uptrends-etl-0.1.0.tgz', INSTALL],
  ['/opt/uptrends-etl/bin/uptrends-etl --version', INSTALL],
  [
    'export UPTRENDS_USERNAME=... UPTRENDS_PASSWORD=...',
    'a real account (placeholders); the simulator stands in',
  ],
  ['export DATABASE_URL=postgres://etl:secret@db:5432/warehouse', REAL_POSTGRES],
  [
    'sudo useradd --system --home-dir /var/lib/uptrends-etl --create-home uptrends',
    'creates a system user (root)',
  ],
  [
    "sudo -u uptrends sh -c 'umask 077 && cat > /var/lib/uptrends-etl/.env'",
    'reads the settings from the keyboard as a system user',
  ],
  ['docker compose build', DOCKER],
  ['docker compose up -d db', DOCKER],
  ['docker compose run --rm nightly', DOCKER],
  ['docker compose run --rm nightly status', DOCKER],
  ['docker compose run --rm nightly demo --out reports/demo', DOCKER],
  [
    "curl -u sim-api-user:sim-api-password 'http://127.0.0.1:8080/v4/Alert/MonitorGroup/<IsAll group guid>?PresetPeriod=Last7Days&Take=5'",
    PLACEHOLDER,
  ],
  [
    "curl -u sim-api-user:sim-api-password 'http://127.0.0.1:8080/v4/Alert/MonitorGroup/<guid>?PresetPeriod=Last7Days&Take=5'",
    PLACEHOLDER,
  ],
  ['uptrends-etl worker --concurrency 4', QUEUE],
  ['uptrends-etl worker', QUEUE],
  ['uptrends-etl nightly --queue', QUEUE],
  ['npm run db:types', CLONE],
  [`npx tsx -e "import('./src/load/migrate.ts').then((m) => console.log(m.readMigrations().at(-1)))"`, CLONE],
  [
    'node --import tsx src/simulator/main.ts --port 0 --seed 1 --monitors 500 --days 365 --latency-ms 20',
    CLONE,
  ],
  ['uptrends-etl demo --database-url postgres://etl@localhost/demo', REAL_POSTGRES],
  ['DATABASE_URL=postgres://etl@db/warehouse uptrends-etl migrate', REAL_POSTGRES],
  ['uptrends-etl demo --monitors 200 --days 365 --out /tmp/uptrends-reports', SLOW],
]);

/** The accounts of README "Several accounts", and the subscription its last line sends. */
const ACCOUNTS_FILE = `version: 1
accounts:
  - { name: acme, username_env: ACME_UPTRENDS_USERNAME, password_env: ACME_UPTRENDS_PASSWORD }
  - name: globex
    username_env: GLOBEX_UPTRENDS_USERNAME
    password_env: GLOBEX_UPTRENDS_PASSWORD
subscriptions:
  - name: acme-monthly
    accounts: [acme]
    reports: [sla]
    schedule: monthly
    formats: [pdf]
    recipients:
      addresses: [acme-manager@example.com]
`;

/** How a block starts: with the synced warehouse or none, and which ./uptrends-etl.yaml. */
export interface BlockSetting {
  /** A copy of the synced warehouse in ./.uptrends-etl (a block that starts with the demo has none). */
  warehouse: boolean;
  /** ./uptrends-etl.yaml, as the text around the block describes it. */
  configFile?: string;
}

/** The set-up `block` presumes. */
export function settingOf(block: ExampleBlock, exampleFile: string): BlockSetting {
  const lines = block.examples.map((e) => e.line).filter((line) => !SKIPPED.has(line));
  const text = lines.join('\n');
  const warehouse = !/^(?:npx )?uptrends-etl demo\b/.test(lines[0] ?? '');
  if (/--account acme|acme-monthly/.test(text)) return { warehouse, configFile: ACCOUNTS_FILE };
  if (/--subscription|report subscriptions/.test(text)) return { warehouse, configFile: exampleFile };
  return { warehouse };
}
