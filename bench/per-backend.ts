/** Turns per-backend results into a two-column figure value (Postgres, PGlite). */
import type { Backend } from '../src/load/connection/db.ts';
import type { FigureValue } from './scoreboard.ts';

/** `pick` applied to each backend's result; a backend not measured stays empty. */
export function perBackend<T>(
  results: ReadonlyMap<Backend, T>,
  pick: (result: T) => number | undefined,
): FigureValue {
  const value = (backend: Backend): number | undefined => {
    const result = results.get(backend);
    return result === undefined ? undefined : pick(result);
  };
  return { postgres: value('postgres'), pglite: value('pglite') };
}
