/**
 * Progress of long streams (alert backfills): a bar on a terminal (windows done / total, alerts,
 * requests, rate), and at most one log line every 10 seconds otherwise, so cron logs stay short
 * but a stuck run is visible.
 */
import cliProgress from 'cli-progress';
import type { Logger } from 'pino';
import type { ProgressSink } from '../pipeline/sync-context.ts';

interface Track {
  total: number;
  unit: string;
  started: number;
  lastLog: number;
  bar: cliProgress.SingleBar | undefined;
}

/** A progress sink for the CLI. */
export function createProgress(
  logger: Logger,
  stream: NodeJS.WriteStream = process.stderr,
  logEveryMs = 10_000,
): ProgressSink {
  const tracks = new Map<string, Track>();
  return {
    start(name, total, unit) {
      const bar =
        stream.isTTY === true && total > 1
          ? new cliProgress.SingleBar(
              {
                stream,
                format: `${name} [{bar}] {value}/{total} ${unit} | {records} records | {requests} requests | {rate}/s | eta {eta_formatted}`,
                hideCursor: true,
                clearOnComplete: true,
              },
              cliProgress.Presets.shades_classic,
            )
          : undefined;
      bar?.start(total, 0, { records: 0, requests: 0, rate: 0 });
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
      tracks.get(name)?.bar?.stop();
      tracks.delete(name);
    },
  };
}
