/**
 * The real Prometheus tools the telemetry tests run against, from Debian's packages
 * (prometheus-pushgateway, prometheus-node-exporter, prometheus for promtool): found on the PATH
 * or in /usr/bin, each started on a free loopback port and stopped by the test. Outside CI a
 * missing binary skips its tests with a message saying what to install; with CI=true it fails
 * them (.ci/run installs the packages).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** The binaries and the Debian package of each. */
export const PROMETHEUS_TOOLS = {
  'prometheus-pushgateway': 'prometheus-pushgateway',
  'prometheus-node-exporter': 'prometheus-node-exporter',
  promtool: 'prometheus',
} as const;

export type PrometheusTool = keyof typeof PROMETHEUS_TOOLS;

/** The path of `tool`, or undefined when it is not installed. */
export function findTool(tool: PrometheusTool): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/sbin'];
  return dirs.map((d) => path.join(d, tool)).find((p) => p !== '' && existsSync(p));
}

/**
 * Whether the tests of `tools` run: true when all are installed; false (with a message) when one
 * is missing outside CI; an error in CI, where a missing tool is a broken set-up.
 */
export function toolsPresent(...tools: PrometheusTool[]): boolean {
  const missing = tools.filter((t) => findTool(t) === undefined);
  if (missing.length === 0) return true;
  const install = [...new Set(missing.map((t) => PROMETHEUS_TOOLS[t]))].join(' ');
  const message = `${missing.join(', ')} not found: apt-get install -y ${install}`;
  if (process.env.CI === 'true') throw new Error(`CI: ${message} (.ci/run installs them)`);
  console.warn(`skipping the tests that need ${missing.join(', ')}: ${message}`);
  return false;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A tool serving HTTP on a loopback port. */
export interface RunningTool {
  readonly url: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `tool` with `args(address)` and waits (up to 15 s) until `url/metrics` answers. */
export async function startTool(
  tool: 'prometheus-pushgateway' | 'prometheus-node-exporter',
  args: (address: string) => string[],
): Promise<RunningTool> {
  const binary = findTool(tool);
  if (binary === undefined) throw new Error(`${tool} is not installed`);
  const port = await freePort();
  const address = `127.0.0.1:${port}`;
  const child = spawn(binary, args(address), { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://${address}`;
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`${tool} exited with ${child.exitCode}: ${stderr}`);
    const ok = await fetch(`${url}/metrics`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, process: child, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`${tool} did not answer on ${url} within 15 s: ${stderr}`);
}

/** A Pushgateway on a free loopback port, keeping its metrics in memory. */
export function startPushgateway(): Promise<RunningTool> {
  return startTool('prometheus-pushgateway', (address) => [`--web.listen-address=${address}`]);
}

/** A node_exporter with only the textfile collector, reading `directory`. */
export function startNodeExporter(directory: string): Promise<RunningTool> {
  return startTool('prometheus-node-exporter', (address) => [
    `--web.listen-address=${address}`,
    '--collector.disable-defaults',
    '--collector.textfile',
    `--collector.textfile.directory=${directory}`,
  ]);
}

/** The samples of `name` in a text exposition, as `{labels}` text to value. */
export function samples(text: string, name: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (\S+)/.exec(line);
    if (match?.[1] === name) found.set(match[2] ?? '{}', Number(match[3]));
  }
  return found;
}

/** The value of `name` whose labels include every `label="value"` of `labels`. */
export function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const [set, value] of samples(text, name)) {
    if (Object.entries(labels).every(([k, v]) => set.includes(`${k}="${v}"`))) return value;
  }
  return undefined;
}
