import { describe, expect, it } from 'vitest';
import { createOneWidgetPerTask, postTask } from './oneWidgetPerTask';

/** Tasks posted but not yet run, run one at a time by the test. */
function fakeTasks() {
  const tasks: (() => void)[] = [];
  return {
    post: (run: () => void) => tasks.push(run),
    runNext: () => tasks.shift()?.(),
    get pending() {
      return tasks.length;
    },
  };
}

describe('one widget creation per task (issue 8: no long task for a dashboard of charts)', () => {
  it('runs the first at once and each of the others in a task of its own, in order', () => {
    const tasks = fakeTasks();
    const schedule = createOneWidgetPerTask(tasks.post);
    const ran: number[] = [];
    const deferred: boolean[] = [];
    for (const n of [1, 2, 3])
      schedule((later) => {
        ran.push(n);
        deferred.push(later);
      });
    expect(ran).toEqual([1]);
    tasks.runNext();
    expect(ran).toEqual([1, 2]);
    tasks.runNext();
    expect(ran).toEqual([1, 2, 3]);
    expect(deferred).toEqual([false, true, true]);
    tasks.runNext();
    expect(tasks.pending).toBe(0);
  });

  it('runs at once again in a later task once the queue is empty', () => {
    const tasks = fakeTasks();
    const schedule = createOneWidgetPerTask(tasks.post);
    const ran: string[] = [];
    schedule(() => ran.push('a'));
    tasks.runNext();
    schedule(() => ran.push('b'));
    expect(ran).toEqual(['a', 'b']);
  });

  it('keeps going when a creation throws', () => {
    const tasks = fakeTasks();
    const schedule = createOneWidgetPerTask(tasks.post);
    const ran: string[] = [];
    schedule(() => ran.push('a'));
    schedule(() => {
      throw new Error('broken widget');
    });
    schedule(() => ran.push('c'));
    expect(() => tasks.runNext()).toThrow('broken widget');
    tasks.runNext();
    expect(ran).toEqual(['a', 'c']);
  });

  it('postTask runs in a later task, not in the current one', async () => {
    let ran = false;
    const done = new Promise<void>((resolve) =>
      postTask(() => {
        ran = true;
        resolve();
      }),
    );
    await Promise.resolve();
    expect(ran).toBe(false);
    await done;
    expect(ran).toBe(true);
  });
});
