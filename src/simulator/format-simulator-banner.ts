/**
 * How a listening simulator presents itself, to people and to programs: the lines `uptrends-etl
 * simulate` prints (where to point the ETL and curl, with which credentials: fixed, simulator-only
 * values), and the JSON description both `simulate --json` and the standalone entry (main.ts)
 * print for the tests and the bench that spawn it.
 */
import type { RunningSimulator } from './start-simulator.ts';

/** Where a simulator listens and what it serves, as printed in its JSON line. */
export function simulatorDescription(sim: RunningSimulator) {
  const { apiUrl, infraUrl, controlUrl, credentials, accountId, timeZone } = sim;
  const accounts = sim.accounts.map(({ number, accountId, timeZone, seed, monitors, credentials }) => ({
    number,
    accountId,
    timeZone,
    seed,
    monitors,
    credentials,
  }));
  return { apiUrl, infraUrl, controlUrl, credentials, accountId, timeZone, accounts };
}

/** Human-readable start-up lines (no trailing newlines). */
export function formatSimulatorBanner(sim: RunningSimulator): string[] {
  const c = sim.credentials;
  const o = sim.options;
  return [
    `Uptrends API simulator: seed ${o.seed}, ${o.monitors} monitors, ${o.days} days of history, clock ${sim.truth.now().toISOString()}, account ${sim.accountId} (${sim.timeZone})`,
    `  API v4    ${sim.apiUrl}    user ${c.username}  password ${c.password}`,
    `  Infra v1  ${sim.infraUrl}/v1    user ${c.infraUsername}  password ${c.infraPassword}`,
    `  Control   ${sim.controlUrl}    (no auth: /stats, /truth/counts, /truth/alerts?start=&end=, /truth/incidents, POST /control/now)`,
    ...(o.faults === undefined || o.faults === ''
      ? []
      : [`  Faults    ${o.faults}  (simulated, NOT behaviour of the real service)`]),
    `  Try:  curl -u ${c.username}:${c.password} '${sim.apiUrl}/Alert/MonitorGroup/<group-guid>?PresetPeriod=Last7Days&Take=5'`,
    `        curl -u ${c.username}:${c.password} ${sim.apiUrl}/MonitorGroup`,
    '  Point uptrends-etl at it (in another shell):',
    `    export UPTRENDS_API_URL=${sim.apiUrl} UPTRENDS_USERNAME=${c.username} UPTRENDS_PASSWORD=${c.password}`,
    `    export UPTRENDS_INFRA_URL=${sim.infraUrl} UPTRENDS_INFRA_USERNAME=${c.infraUsername} UPTRENDS_INFRA_PASSWORD=${c.infraPassword}`,
    '    uptrends-etl sync',
    ...accountLines(sim),
    'Press Ctrl+C to stop.',
  ];
}

/** With several accounts: each account's credentials and an `accounts:` section that reads them. */
function accountLines(sim: RunningSimulator): string[] {
  if (sim.accounts.length < 2) return [];
  const lines = [
    `  ${sim.accounts.length} accounts on this port (answered by the credentials a request carries):`,
  ];
  for (const a of sim.accounts) {
    lines.push(
      `    account ${a.number}: id ${a.accountId}, ${a.timeZone}, ${a.monitors} monitors, seed ${a.seed}, user ${a.credentials.username} password ${a.credentials.password}`,
    );
  }
  lines.push(
    '  For uptrends-etl.yaml (export SIM_USER_k / SIM_PASSWORD_k with the values above):',
    '    accounts:',
  );
  for (const a of sim.accounts.slice(0, 3)) {
    lines.push(
      `      - { name: sim-${a.number}, username_env: SIM_USER_${a.number}, password_env: SIM_PASSWORD_${a.number} }`,
    );
  }
  if (sim.accounts.length > 3) lines.push('      ...');
  return lines;
}
