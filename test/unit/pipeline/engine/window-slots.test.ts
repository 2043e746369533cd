import { describe, expect, it } from 'vitest';
import { WindowSlots } from '../../../../src/pipeline/engine/window-slots.ts';

/** A task that records when it starts and ends only when released. */
function gate(log: string[], name: string): { task: () => Promise<string>; release: () => void } {
  let release: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      return name;
    },
    release: () => release(),
  };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('WindowSlots', () => {
  it('never runs more than its size at once, and hands a freed slot to the lowest priority waiting', async () => {
    const slots = new WindowSlots(2);
    const log: string[] = [];
    const alerts = slots.runner(0);
    const statistics = slots.runner(1);
    const a1 = gate(log, 'a1');
    const a2 = gate(log, 'a2');
    const s1 = gate(log, 's1');
    const a3 = gate(log, 'a3');
    const results = [alerts(a1.task), alerts(a2.task), statistics(s1.task), alerts(a3.task)];
    await tick();
    expect(log).toEqual(['start a1', 'start a2']);
    expect(slots.active).toBe(2);
    // s1 was queued before a3, but a3's stream comes first.
    a1.release();
    await tick();
    expect(log).toEqual(['start a1', 'start a2', 'start a3']);
    a2.release();
    await tick();
    expect(log.at(-1)).toBe('start s1');
    a3.release();
    s1.release();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 's1', 'a3']);
    expect(slots.active).toBe(0);
  });

  it('serves one priority first come, first served, and passes a failure through, freeing its slot', async () => {
    const slots = new WindowSlots(1);
    const run = slots.runner(0);
    const order: number[] = [];
    const failing = run(() => {
      order.push(0);
      return Promise.reject(new Error('window failed'));
    });
    const rest = [1, 2, 3].map((n) =>
      run(() => {
        order.push(n);
        return Promise.resolve(n);
      }),
    );
    await expect(failing).rejects.toThrow('window failed');
    expect(await Promise.all(rest)).toEqual([1, 2, 3]);
    expect(order).toEqual([0, 1, 2, 3]);
  });
});
