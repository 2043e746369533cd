/**
 * The measuring side of a bench child: times the work, reads its own peak RSS and CPU, prints the
 * result as one JSON line, and turns a failure into a message on stdout and exit code 1.
 */
import { performance } from 'node:perf_hooks';
import { peakRssKib } from '../peak-rss.ts';
import type { ChildMeasure } from '../run-child.ts';

/** The JSON input the parent passed as the first argument. */
export function childInput<T>(): T {
  return JSON.parse(process.argv[2] ?? '{}') as T;
}

/** Runs `work`, then prints its result with wallMs, maxRssMb and cpuMs; exits when done. */
export async function measureChild<T extends object>(work: () => Promise<T>): Promise<void> {
  try {
    const baselineRssMb = process.memoryUsage().rss / 1024 / 1024;
    // Loading and transpiling the modules is not the work: CPU counts from here.
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const result = await work();
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const measure: ChildMeasure = {
      wallMs,
      maxRssMb: peakRssKib() / 1024,
      cpuMs: (cpu.user + cpu.system) / 1000,
      baselineRssMb,
    };
    process.stdout.write(`${JSON.stringify({ ...result, ...measure })}\n`);
    process.exit(0);
  } catch (error) {
    process.stdout.write(`${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
    process.exit(1);
  }
}
