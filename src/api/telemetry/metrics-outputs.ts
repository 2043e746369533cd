/**
 * The three ways metrics leave the process: a push to a Pushgateway (one group per job and
 * account, so accounts do not overwrite each other), a textfile for node_exporter's textfile
 * collector (written to a temporary file beside it and renamed, so the collector never reads half
 * a file), and a `/metrics` endpoint for the long-running worker (loopback unless told otherwise).
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Registry } from 'prom-client';
import { ConfigError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { redactUrlPassword } from '../../redaction.ts';
import { promClient } from './run-metrics.ts';

/** The most a push may take, ms (a Pushgateway that hangs must not hold the job). */
export const PUSH_TIMEOUT_MS = 5_000;

/**
 * Replaces the group {job, account} on the Pushgateway at `url` with `registry`'s metrics (HTTP
 * PUT): the group then holds exactly this run's figures. Resolves false (and logs) when the push
 * failed; never rejects.
 */
export async function pushToGateway(
  url: URL,
  registry: Registry,
  group: { job: string; account: string },
  logger: Logger,
): Promise<boolean> {
  const { Pushgateway } = await promClient();
  const gateway = new Pushgateway(url.toString(), { timeout: PUSH_TIMEOUT_MS }, registry);
  try {
    await gateway.push({ jobName: group.job, groupings: { account: group.account } });
    logger.info(
      group,
      `metrics pushed to ${redactUrlPassword(url.toString())} (job ${group.job}, account ${group.account})`,
    );
    return true;
  } catch (error) {
    logger.warn(
      group,
      `metrics push to ${redactUrlPassword(url.toString())} failed: ${(error as Error).message}; the job goes on`,
    );
    return false;
  }
}

/**
 * Writes `registry` to `file` for node_exporter's textfile collector: a temporary file in the same
 * folder, then a rename over the old one. Resolves false (and logs) when it could not.
 */
export async function writeMetricsFile(file: string, registry: Registry, logger: Logger): Promise<boolean> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    await writeFile(temporary, await registry.metrics(), { mode: 0o644 });
    await rename(temporary, file);
    logger.info({ file }, `metrics written to ${file}`);
    return true;
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    logger.warn({ file }, `metrics file ${file} not written: ${(error as Error).message}; the job goes on`);
    return false;
  }
}

/** A running `/metrics` endpoint. */
export interface MetricsServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves the registry `registry()` builds at each scrape on `http://host:port/metrics` (host:
 * 127.0.0.1 by default). Port 0 picks a free one. A port in use is a ConfigError naming the flag.
 */
export async function serveMetrics(
  registry: () => Promise<Registry>,
  options: { port: number; host?: string | undefined },
  logger: Logger,
): Promise<MetricsServer> {
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (request.method !== 'GET' || pathname !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found: try /metrics\n');
      return;
    }
    registry().then(
      async (r) => response.writeHead(200, { 'content-type': r.contentType }).end(await r.metrics()),
      (error: unknown) => {
        logger.warn(`metrics endpoint: ${(error as Error).message}`);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new ConfigError(`--metrics-port ${options.port} on ${host}: ${error.code ?? error.message}`, {
          context: { setting: '--metrics-port' },
          cause: error,
        }),
      ),
    );
    server.listen(options.port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${shown}:${address.port}/metrics`;
  logger.info({ metrics: url }, `metrics served on ${url}`);
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
