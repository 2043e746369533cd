/**
 * Measures the simulator at benchmark scale: `node --import tsx src/simulator/measure.ts
 * [--monitors 1000] [--days 365]`. Prints generation time, memory, and the latency of alert pages
 * (first pages and cursor pages of the All Monitors group) and statistics over real HTTP.
 */
import { parseArgs } from 'node:util';
import { startSimulator } from './start-simulator.ts';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function timed(url: string, auth: string): Promise<{ ms: number; body: unknown }> {
  const t = performance.now();
  const res = await fetch(url, { headers: { authorization: auth } });
  const body: unknown = await res.json();
  return { ms: performance.now() - t, body };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { monitors: { type: 'string' }, days: { type: 'string' } } });
  const monitors = Number(values.monitors ?? 1000);
  const days = Number(values.days ?? 365);
  const t0 = performance.now();
  const sim = await startSimulator({ seed: 1, monitors, days, now: new Date('2025-11-20T10:00:00Z') });
  const generationMs = performance.now() - t0;
  (globalThis as { gc?: () => void }).gc?.();
  const mem = process.memoryUsage();
  const auth = `Basic ${Buffer.from(`${sim.credentials.username}:${sim.credentials.password}`).toString('base64')}`;
  const groups = (await timed(`${sim.apiUrl}/MonitorGroup`, auth)).body as { MonitorGroupGuid: string }[];
  const all = groups[0]!.MonitorGroupGuid;
  const totalAlerts = sim.truth.alertCount({ includeReminders: true });

  const first = await timed(
    `${sim.apiUrl}/Alert/MonitorGroup/${all}?PresetPeriod=Last365Days&IncludeReminders=true&Take=100`,
    auth,
  );
  const latencies: number[] = [];
  let cursor: string | undefined = (first.body as { Cursors?: { Next: string } }).Cursors?.Next;
  for (let i = 0; i < 300 && cursor !== undefined; i++) {
    const page = await timed(
      `${sim.apiUrl}/Alert/MonitorGroup/${all}?Cursor=${encodeURIComponent(cursor)}`,
      auth,
    );
    latencies.push(page.ms);
    cursor = (page.body as { Cursors?: { Next?: string } }).Cursors?.Next;
  }
  for (const preset of ['Last24Hours', 'Last7Days', 'Last30Days', 'CurrentMonth', 'PreviousMonth']) {
    for (const sorting of ['Ascending', 'Descending'])
      latencies.push(
        (
          await timed(
            `${sim.apiUrl}/Alert/MonitorGroup/${all}?PresetPeriod=${preset}&Sorting=${sorting}`,
            auth,
          )
        ).ms,
      );
  }
  latencies.sort((a, b) => a - b);
  const monitorGuid = (
    sim.truth.alerts({ start: new Date('2025-11-19T00:00:00Z') })[0]!.Attributes as { MonitorGuid: string }
  ).MonitorGuid;
  const statsMonitor = await timed(
    `${sim.apiUrl}/Statistics/Monitor/${monitorGuid}?PresetPeriod=Last365Days`,
    auth,
  );
  const statsGroup = await timed(
    `${sim.apiUrl}/Statistics/MonitorGroup/${all}?PresetPeriod=Last30Days`,
    auth,
  );
  (globalThis as { gc?: () => void }).gc?.();
  const after = process.memoryUsage();
  const incidents = sim.truth.incidents().length;
  const mb = (n: number): string => `${Math.round(n / 1e6)} MB`;
  const lines = [
    `dataset: ${monitors} monitors x ${days} days, ${totalAlerts} alerts (reminders included), ${incidents} incidents`,
    `generation + listen: ${Math.round(generationMs)} ms`,
    `memory after generation: rss ${mb(mem.rss)}, heap used ${mb(mem.heapUsed)}, array buffers ${mb(mem.arrayBuffers)}`,
    `first group page: ${first.ms.toFixed(1)} ms`,
    `alert pages of 100 over HTTP (n=${latencies.length}): p50 ${percentile(latencies, 0.5).toFixed(2)} ms, p95 ${percentile(latencies, 0.95).toFixed(2)} ms, max ${latencies.at(-1)!.toFixed(2)} ms`,
    `statistics, one monitor, 365 daily buckets: ${statsMonitor.ms.toFixed(1)} ms`,
    `statistics, All Monitors group, 30 daily buckets: ${statsGroup.ms.toFixed(1)} ms`,
    `memory after serving the pages above: rss ${mb(after.rss)}, heap used ${mb(after.heapUsed)}, array buffers ${mb(after.arrayBuffers)}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  await sim.close();
}

await main();
