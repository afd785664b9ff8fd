import { beforeEach, describe, expect, it } from 'vitest';
import { useOnWallKeys } from '../../../../src/session/on-wall-keys';

describe('useOnWallKeys', () => {
  beforeEach(() => useOnWallKeys.getState().setKeys([]));

  it('holds the keys the wall published', () => {
    useOnWallKeys.getState().setKeys(['cam-1', 'cam-2', 'cam-1']);
    expect([...useOnWallKeys.getState().keys].sort()).toEqual(['cam-1', 'cam-2']);
  });

  it('notifies readers only when the set of keys changes', () => {
    useOnWallKeys.getState().setKeys(['a', 'b']);
    let changes = 0;
    const stop = useOnWallKeys.subscribe(() => changes++);
    useOnWallKeys.getState().setKeys(['b', 'a']);
    expect(changes).toBe(0);
    useOnWallKeys.getState().setKeys(['a']);
    expect(changes).toBe(1);
    stop();
  });
});
