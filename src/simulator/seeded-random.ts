/**
 * Deterministic hashing and pseudo-random numbers for the simulator. Everything the simulator
 * generates or decides (data, GUIDs, faults, cursor padding) flows from these, so one seed
 * reproduces a dataset and a fault sequence byte for byte on any machine.
 */

/** 32-bit finaliser of MurmurHash3: spreads every input bit over the whole word. */
function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Hash of a list of numbers and strings into an unsigned 32-bit integer. Used where a decision must
 * depend only on its inputs (a fault for one URL attempt, one alert's GUID), never on call order.
 */
export function hash32(...parts: readonly (number | string)[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    if (typeof part === 'number') {
      // Split so integers above 2^32 (check ids, epoch milliseconds) keep all their bits.
      h = mix32(h ^ mix32((part % 4_294_967_296) >>> 0));
      h = mix32(h ^ mix32(Math.floor(part / 4_294_967_296) + 0x632be5ab));
    } else {
      for (let i = 0; i < part.length; i++) h = Math.imul(h ^ part.charCodeAt(i), 0x01000193);
      h = mix32(h ^ part.length);
    }
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) from a hash of the inputs. */
export function hashUnit(...parts: readonly (number | string)[]): number {
  return hash32(...parts) / 4_294_967_296;
}

/** A small, fast pseudo-random generator (mulberry32) with helpers the generators need. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /** Exponentially distributed with the given mean. */
  exponential(mean: number): number;
}

/** A generator seeded from a hash of the inputs, so each monitor or entity has its own stream. */
export function seededRandom(...parts: readonly (number | string)[]): Random {
  let state = hash32(...parts);
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p) => next() < p,
    exponential: (mean) => -Math.log(1 - next()) * mean,
  };
}

/**
 * A GUID-shaped string (version 4 layout) derived from the inputs. Each of its four words hashes
 * the inputs from its own start: words that hashed the same prefix would all follow from one
 * 32-bit state, and a year of alerts of 500 monitors (half a million GUIDs) then held 29 pairs of
 * different alerts with the same GUID (a birthday collision at 2^32), which the real service never
 * sends.
 */
export function deterministicGuid(...parts: readonly (number | string)[]): string {
  const words = [0, 1, 2, 3].map((i) =>
    hash32('guid', i, ...parts)
      .toString(16)
      .padStart(8, '0'),
  );
  const hex = words.join('');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
