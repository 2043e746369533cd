/**
 * The keys a window's pass served, kept for its retirement (window-engine.ts): every key comes
 * back as it was added, and what is held per alert id is its 16 bytes, not a text and a set entry.
 */
import { describe, expect, it } from 'vitest';
import { ServedKeys } from '../../../../src/pipeline/engine/served-keys.ts';

/** The n-th of a run of distinct lower-case GUIDs. */
function guid(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `0a1b2c3d-4e5f-4a7b-8c9d-${hex}`;
}

describe('ServedKeys', () => {
  it('gives back every key as added: GUIDs first, in order, then the other keys', () => {
    const keys = new ServedKeys();
    const bucket = '2025-07-30T00:00:00.000Z|2025-07-31T00:00:00.000Z';
    keys.add('ffffffff-0000-4000-8000-00000000000a');
    keys.add(bucket);
    keys.add(guid(1));
    keys.add('FFFFFFFF-0000-4000-8000-00000000000A'); // not lower case: kept as its text
    keys.add(guid(1)); // a repeat comes back twice
    keys.add('0a1b2c3d-4e5f-4a7b-8c9d'); // GUID-like but short
    expect([...keys]).toEqual([
      'ffffffff-0000-4000-8000-00000000000a',
      guid(1),
      guid(1),
      bucket,
      'FFFFFFFF-0000-4000-8000-00000000000A',
      '0a1b2c3d-4e5f-4a7b-8c9d',
    ]);
    expect(keys.size).toBe(6);
  });

  it('round-trips every hex digit, across chunks', () => {
    const keys = new ServedKeys();
    const added = Array.from(
      { length: 2500 },
      (_, i) =>
        `${(i * 2654435761).toString(16).padStart(8, '0').slice(-8)}-0123-4567-89ab-cdef${i.toString(16).padStart(8, '0')}`,
    );
    for (const key of added) keys.add(key);
    expect([...keys]).toEqual(added);
  });

  it('is empty when nothing was served', () => {
    const keys = new ServedKeys();
    expect([...keys]).toEqual([]);
    expect(keys.size).toBe(0);
    expect(keys.heldBytes).toBe(0);
  });
});

describe('memory', () => {
  it("holds an alert id in 16 bytes and a chunk's slack (a window of a year's backfill serves tens of thousands)", () => {
    // A Set of the ids' texts held 83 bytes per alert of a window, eight windows at once.
    const keys = new ServedKeys();
    const served = 100_000;
    for (let i = 0; i < served; i++) keys.add(guid(i));
    expect(keys.size).toBe(served);
    // 100,000 ids fill 98 chunks of 1,024 (the last part-filled): 98 x 16 KiB.
    expect(keys.heldBytes).toBe(98 * 1024 * 16);
    expect(keys.heldBytes / served).toBeLessThan(16.1);
  });
});
