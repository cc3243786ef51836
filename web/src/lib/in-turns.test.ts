import { describe, expect, it } from 'vitest';

import { inTurns } from './in-turns';

describe('inTurns', () => {
  it('runs each piece after the one before, even after a failure', async () => {
    const inTurn = inTurns();
    const order: string[] = [];
    let release: () => void = () => undefined;
    const first = inTurn(
      () =>
        new Promise<string>((resolve) => {
          release = () => {
            order.push('first');
            resolve('a');
          };
        }),
    );
    const failing = inTurn(() => {
      order.push('second');
      return Promise.reject(new Error('no'));
    });
    const third = inTurn(() => {
      order.push('third');
      return Promise.resolve('c');
    });
    await Promise.resolve();
    expect(order).toEqual([]);
    release();
    await expect(first).resolves.toBe('a');
    await expect(failing).rejects.toThrow('no');
    await expect(third).resolves.toBe('c');
    expect(order).toEqual(['first', 'second', 'third']);
  });
});
