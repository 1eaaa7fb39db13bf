import { describe, expect, test, vi } from 'vitest';
import { learnCacheVersions } from './cache-version.ts';
import { createVersionMemo } from './version-memo.ts';

/** A load that counts its calls and resolves to `value`, complete unless `complete` is false. */
function loader<T>(value: T, complete = true) {
  const load = vi.fn(async () => ({ value, complete }));
  return load;
}

describe('a version memo', () => {
  test('keeps at most maxEntries keys, the least recently used going first', async () => {
    learnCacheVersions({ catalog: 1 });
    const memo = createVersionMemo<string>({ maxEntries: 2 });
    await memo.get('a', loader('A'));
    await memo.get('b', loader('B'));
    await memo.get('a', loader('not used')); // a is now the most recently used
    await memo.get('c', loader('C')); // b goes
    const again = loader('B2');
    expect(await memo.get('b', again)).toBe('B2');
    expect(again).toHaveBeenCalledTimes(1);
    expect(await memo.peek('c')).toBe('C');
    expect(memo.peek('a')).toBeUndefined(); // a went when b came back
  });

  test('drops every entry once a newer version is known', async () => {
    learnCacheVersions({ catalog: 2 });
    const memo = createVersionMemo<string>({ maxEntries: 8 });
    await memo.get('a', loader('A'));
    await memo.get('b', loader('B'));
    learnCacheVersions({ channel: 3 });
    expect(memo.peek('a')).toBeUndefined();
    expect(memo.peek('b')).toBeUndefined();
    expect(await memo.get('a', loader('A2'))).toBe('A2');
  });

  test('a load that throws or is not complete leaves nothing behind; one load runs per key at a time', async () => {
    const memo = createVersionMemo<string>({ maxEntries: 8 });
    await expect(memo.get('a', () => Promise.reject(new Error('Store API down')))).rejects.toThrow('down');
    expect(memo.peek('a')).toBeUndefined();
    expect(await memo.get('a', loader('partial', false))).toBe('partial');
    expect(memo.peek('a')).toBeUndefined();

    let release = (_: { value: string }) => undefined as void;
    const slow = vi.fn(() => new Promise<{ value: string }>((resolve) => (release = resolve)));
    const first = memo.get('b', slow);
    const second = memo.get('b', loader('second'));
    expect(memo.peek('b')).toBeUndefined(); // in flight
    release({ value: 'B' });
    expect(await Promise.all([first, second])).toEqual(['B', 'B']);
    expect(slow).toHaveBeenCalledTimes(1);
  });
});
