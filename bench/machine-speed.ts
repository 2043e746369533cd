/**
 * How fast this machine runs the kind of work a sync does, printed at the start of every bench
 * run and before and after each scenario. The CPU figures (µs per alert) are absolute: the same code measured 33 to 40 µs on one
 * machine of this project's kind and 69 µs on another a day later. A fixed workload timed beside
 * them lets an entry in RESULTS.md be compared with an earlier one on a different machine; it is
 * never used to scale a figure or a target.
 *
 * The workload: JSON text of alert-like records parsed, each record mapped to a row of the
 * alerts table's shape (dates, texts, numbers), and the rows written as tab-separated text. Single
 * threaded, no I/O, a fixed seed-free dataset; the best of five rounds, so a busy moment on the
 * machine counts less.
 */

const RECORDS = 20_000;
const ROUNDS = 5;

/** One alert-like record, varied by its index so nothing is shared between records. */
function record(i: number): Record<string, unknown> {
  const minute = String(i % 60).padStart(2, '0');
  return {
    Id: `9b1d7c6a-2f0e-4c39-9a51-${String(i).padStart(12, '0')}`,
    AlertType: i % 3 === 0 ? 'Ok' : 'Error',
    MonitorGuid: `2a0b9b5e-11f1-4a7e-8a3e-${String(i % 500).padStart(12, '0')}`,
    MonitorName: `Monitor ${i % 500} https://site-${i % 500}.example/checkout`,
    DateTime: `2025-03-${String((i % 28) + 1).padStart(2, '0')}T10:${minute}:00`,
    FirstError: `2025-03-${String((i % 28) + 1).padStart(2, '0')}T09:${minute}:00`,
    ErrorCode: 'HttpError',
    ErrorDescription: `HTTP 503 Service Unavailable (attempt ${i})`,
    Checkpoint: 'Amsterdam, Netherlands',
    CheckpointId: i % 40,
    EscalationLevel: 1 + (i % 3),
    IsReminder: i % 5 === 0,
  };
}

const TEXT = JSON.stringify(Array.from({ length: RECORDS }, (_, i) => record(i)));

/** One round: parse, map, write. Returns a checksum so the work cannot be optimised away. */
function round(): number {
  const parsed = JSON.parse(TEXT) as Record<string, unknown>[];
  let out = '';
  for (const r of parsed) {
    const at = new Date(`${r.DateTime as string}Z`);
    const fields = [r.Id, r.MonitorGuid, at.toISOString(), r.AlertType, r.ErrorDescription, r.CheckpointId];
    out += `${fields.join('\t')}\t${JSON.stringify(r)}\n`;
  }
  return out.length;
}

/** The best time of ROUNDS rounds, in milliseconds. */
export function machineSpeedMs(): number {
  let best = Infinity;
  let check = 0;
  for (let n = 0; n < ROUNDS; n++) {
    const t0 = performance.now();
    check += round();
    best = Math.min(best, performance.now() - t0);
  }
  if (check === 0) throw new Error('machine speed: the workload produced nothing');
  return best;
}

/** The line the bench prints. */
export function machineSpeedLine(): string {
  return `bench: machine speed ${machineSpeedMs().toFixed(0)} ms (${RECORDS.toLocaleString('en-US')} alert-like records parsed, mapped and written as text; best of ${ROUNDS}; lower is faster; bench/machine-speed.ts)`;
}
