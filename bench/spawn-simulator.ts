/**
 * Starts the API simulator in its own process (`src/simulator/main.ts`), so its CPU is not the
 * pipeline's and the pipeline talks to it over real sockets, and wraps its `/_sim` control surface:
 * request counts, ground truth, and extra latency through the fault specification.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { CleanupStack } from './cleanup-stack.ts';
import { REPO_ROOT } from './repo-root.ts';

/** What the simulator is asked to serve. */
export interface SimulatorSpec {
  seed: number;
  monitors: number;
  days: number;
  /** The simulator clock, fixed so every run sees the same dataset. */
  now: string;
  /** Fixed per-request latency L in ms. (Default: 0) */
  latencyMs?: number;
}

/** The JSON line main.ts prints once it listens. */
export interface SimulatorInfo {
  apiUrl: string;
  infraUrl: string;
  controlUrl: string;
  credentials: { username: string; password: string; infraUsername: string; infraPassword: string };
  accountId: string;
  timeZone: string;
}

/** Request counts as `/_sim/stats` reports them: route template -> status -> count. */
export interface SimulatorStats {
  now: string;
  requests: { total: number; byRoute: Record<string, Record<string, number>> };
  counts: Record<string, number>;
}

/** A running simulator process. */
export interface SimulatorProcess {
  readonly info: SimulatorInfo;
  readonly pid: number;
  stats(): Promise<SimulatorStats>;
  resetStats(): Promise<void>;
  /** Alerts (reminders included) in the account-local window [start, end), from the ground truth. */
  alertCount(startLocal: string, endLocal: string): Promise<number>;
  /** Sets the extra latency of every response (the `latency` fault), on top of the start latency. */
  setExtraLatency(ms: number): Promise<void>;
  /**
   * Starts recording every whole 200 JSON body served into `file`, one per line (undefined: stops);
   * answers the recording it ended.
   */
  record(file: string | undefined): Promise<{ file: string; bodies: number; bytes: number } | null>;
  /** The environment that points the ETL at this simulator (API and Infra). */
  env(): Record<string, string>;
  close(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;

/**
 * fetch, tried again when the connection fails: a kept-alive socket the simulator closed while a
 * long run kept the bench idle fails the next request ("fetch failed"). Every control call is
 * idempotent, so a second attempt is safe.
 */
async function fetchRetrying(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= 3)
        throw new Error(`${init.method ?? 'GET'} ${url}: ${(error as Error).message}`, { cause: error });
    }
  }
}

/** Spawns the simulator and resolves once it prints its address; registers its kill in `cleanup`. */
export async function spawnSimulator(spec: SimulatorSpec, cleanup: CleanupStack): Promise<SimulatorProcess> {
  const args = [
    '--import',
    'tsx',
    'src/simulator/main.ts',
    '--port',
    '0',
    '--seed',
    String(spec.seed),
    '--monitors',
    String(spec.monitors),
    '--days',
    String(spec.days),
    '--now',
    spec.now,
    '--latency-ms',
    String(spec.latencyMs ?? 0),
  ];
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  cleanup.add(`simulator pid ${child.pid}`, close);
  const info = await new Promise<SimulatorInfo>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`simulator did not start in ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as SimulatorInfo);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`simulator exited with ${code}: ${stderr.trim()}`));
    });
  });
  const control = async <T>(path: string, method = 'GET', body?: string): Promise<T> => {
    const response = await fetchRetrying(`${info.controlUrl}${path}`, { method, body });
    if (!response.ok)
      throw new Error(`simulator ${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    info,
    pid: child.pid!,
    stats: () => control<SimulatorStats>('/stats'),
    resetStats: async () => void (await control('/stats/reset', 'POST')),
    async alertCount(startLocal, endLocal) {
      const q = new URLSearchParams({ start: startLocal, end: endLocal, includeReminders: 'true' });
      return (await control<{ count: number }>(`/truth/alerts?${q.toString()}`)).count;
    },
    setExtraLatency: async (ms) =>
      void (await control(
        '/control/faults',
        'POST',
        JSON.stringify({ faults: ms > 0 ? `latency=${ms}` : 'none' }),
      )),
    record: async (file) =>
      (
        await control<{ ended: { file: string; bodies: number; bytes: number } | null }>(
          '/control/record',
          'POST',
          JSON.stringify({ file: file ?? null }),
        )
      ).ended,
    env: () => ({
      UPTRENDS_API_URL: info.apiUrl,
      UPTRENDS_USERNAME: info.credentials.username,
      UPTRENDS_PASSWORD: info.credentials.password,
      UPTRENDS_INFRA_URL: info.infraUrl,
      UPTRENDS_INFRA_USERNAME: info.credentials.infraUsername,
      UPTRENDS_INFRA_PASSWORD: info.credentials.infraPassword,
    }),
    close,
  };
}
