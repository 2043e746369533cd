/**
 * A measured process's own peak RSS. `process.resourceUsage().maxRSS` (getrusage's ru_maxrss) is
 * not that on Linux: a child forked from the bench starts with the bench's pages mapped, and the
 * kernel carries that mark across exec, so every child measured after the bench itself had grown
 * (an in-process PGlite load: 236 MB) reported at least the bench's size (a bare engine floor of
 * 129 MB read 236, and so did every command beside it). `VmHWM` in /proc/self/status is the
 * high-water mark of the process's own memory since its exec; where /proc cannot be read,
 * maxRSS is the fallback.
 */
import { readFileSync } from 'node:fs';

/**
 * The same reading as the source of a function `() => KiB` that needs `readFileSync` in scope,
 * for the one-line preload of run-cli.ts (a data: URL module cannot import this file).
 */
export const PEAK_RSS_KIB_SOURCE =
  "() => { try { const m = /^VmHWM:\\s+(\\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8')); if (m !== null) return Number(m[1]); } catch {} return process.resourceUsage().maxRSS; }";

/** This process's peak RSS since its exec, in KiB. */
export function peakRssKib(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match !== null) return Number(match[1]);
  } catch {
    // No /proc: the kernel's maxRSS below.
  }
  return process.resourceUsage().maxRSS;
}
