/**
 * Progress of long streams (alert backfills): a bar per stream on a terminal (windows done /
 * total, records, requests, rate), one line each while the windowed streams run at once, and at
 * most one log line per stream every 10 seconds otherwise, so cron logs stay short but a stuck
 * run is visible.
 */
import { createRequire } from 'node:module';
import type cliProgress from 'cli-progress';
import type { Logger } from 'pino';
import type { ProgressSink } from '../api/sync-job.ts';

interface Track {
  total: number;
  unit: string;
  started: number;
  lastLog: number;
  bar: cliProgress.SingleBar | undefined;
}

const BAR_OPTIONS: cliProgress.Options = { hideCursor: true, clearOnComplete: true };

/** cli-progress, loaded only when there is a terminal to draw on (CommonJS, so synchronously). */
function barLibrary(): typeof cliProgress {
  return createRequire(import.meta.url)('cli-progress') as typeof cliProgress;
}

/** A progress sink for the CLI. */
export function createProgress(
  logger: Logger,
  stream: NodeJS.WriteStream = process.stderr,
  logEveryMs = 10_000,
): ProgressSink {
  const tracks = new Map<string, Track>();
  // One container for every bar, so streams running at once each keep their own line.
  let bars: cliProgress.MultiBar | undefined;
  return {
    start(name, total, unit) {
      let bar: cliProgress.SingleBar | undefined;
      if (stream.isTTY === true && total > 1) {
        const lib = barLibrary();
        bars ??= new lib.MultiBar({ ...BAR_OPTIONS, stream }, lib.Presets.shades_classic);
        bar = bars.create(
          total,
          0,
          { records: 0, requests: 0, rate: 0 },
          {
            format: `${name} [{bar}] {value}/{total} ${unit} | {records} records | {requests} requests | {rate}/s | eta {eta_formatted}`,
          },
        );
      }
      tracks.set(name, { total, unit, started: Date.now(), lastLog: Date.now(), bar });
    },
    tick(name, done, extra = {}) {
      const track = tracks.get(name);
      if (track === undefined) return;
      const seconds = Math.max(0.001, (Date.now() - track.started) / 1000);
      const records = extra.records ?? 0;
      if (track.bar !== undefined) {
        track.bar.update(done, {
          records,
          requests: extra.requests ?? 0,
          rate: Math.round(records / seconds),
        });
        return;
      }
      if (Date.now() - track.lastLog >= logEveryMs || done === track.total) {
        track.lastLog = Date.now();
        logger.info(
          { stream: name, done, total: track.total, ...extra },
          `${name}: ${done}/${track.total} ${track.unit}, ${records} records`,
        );
      }
    },
    stop(name) {
      const bar = tracks.get(name)?.bar;
      tracks.delete(name);
      if (bar === undefined || bars === undefined) return;
      bars.remove(bar);
      if ([...tracks.values()].every((t) => t.bar === undefined)) {
        bars.stop();
        bars = undefined;
      }
    },
  };
}
