import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SNAPSHOT_INTERVAL,
  quietSnapshotReason,
  snapshotReason,
  snapshotStagger,
  type QuietPoint,
  type SnapshotPoint,
} from './snapshot-policy.js';

const at = (point: Partial<SnapshotPoint>): SnapshotPoint => ({
  version: 7,
  lastSnapshotVersion: 5,
  finished: false,
  ...point,
});

describe('snapshotReason (at commit time)', () => {
  it('snapshots at creation', () => {
    expect(snapshotReason(at({ version: 0, lastSnapshotVersion: null }))).toBe('creation');
  });

  it('snapshots at the end, even right after another snapshot interval', () => {
    expect(snapshotReason(at({ finished: true }))).toBe('end');
  });

  it('does not snapshot every state that waits on a human: that is the quiet snapshot', () => {
    expect(snapshotReason(at({ version: 6 }))).toBeNull();
  });

  it("snapshots every K events otherwise, at the versions the room's stagger picks", () => {
    const played = (stagger: number): number[] => {
      let last = 0;
      const taken: number[] = [];
      for (let version = 1; version <= 13; version++) {
        if (snapshotReason(at({ version, lastSnapshotVersion: last, stagger }), 4) === null)
          continue;
        taken.push(version);
        last = version;
      }
      return taken;
    };
    expect(played(0)).toEqual([4, 8, 12]);
    expect(played(1)).toEqual([3, 7, 11]);
    expect(played(3)).toEqual([1, 5, 9, 13]);
    expect(snapshotReason(at({ version: 5 + DEFAULT_SNAPSHOT_INTERVAL }))).toBe('interval');
  });

  it('in any case once K events follow the last snapshot', () => {
    // (9 + 2) % 4 is not 0, but the last snapshot is 4 events back (a grid version was missed).
    expect(snapshotReason(at({ version: 9, lastSnapshotVersion: 5, stagger: 2 }), 4)).toBe(
      'interval',
    );
    expect(snapshotReason(at({ version: 8, lastSnapshotVersion: 5, stagger: 2 }), 4)).toBeNull();
  });

  it("spreads the rooms' staggers over the interval, the same for the same id", () => {
    const staggers = Array.from({ length: 400 }, (_, i) => snapshotStagger(`room-${i}`, 20));
    expect(staggers.every((s) => Number.isInteger(s) && s >= 0 && s < 20)).toBe(true);
    const counts = Array.from({ length: 20 }, (_, s) => staggers.filter((x) => x === s).length);
    expect(Math.min(...counts)).toBeGreaterThan(5); // 20 per value on average
    expect(snapshotStagger('room-7', 20)).toBe(staggers[7]);
    expect(snapshotStagger('room-7', 1)).toBe(0);
  });

  it('never asks twice for a version already snapshotted', () => {
    expect(snapshotReason(at({ version: 5, finished: true }))).toBeNull();
    expect(snapshotReason(at({ version: 0, lastSnapshotVersion: 0 }))).toBeNull();
  });

  it('asks for one when none is known', () => {
    expect(snapshotReason(at({ version: 3, lastSnapshotVersion: null }))).toBe('interval');
  });

  it('refuses an interval that is not a positive integer', () => {
    expect(() => snapshotReason(at({}), 0)).toThrow(RangeError);
    expect(() => snapshotReason(at({}), 2.5)).toThrow(RangeError);
  });
});

describe('quietSnapshotReason (the room went quiet, or is unloaded)', () => {
  const quiet = (point: Partial<QuietPoint>): QuietPoint => ({
    version: 7,
    lastSnapshotVersion: 5,
    waitingOnHumans: false,
    unloading: false,
    ...point,
  });

  it('snapshots a quiet room that waits on a human', () => {
    expect(quietSnapshotReason(quiet({ waitingOnHumans: true }))).toBe('quiet');
  });

  it('leaves a room that waits only on bots to the interval, unless it is unloaded', () => {
    expect(quietSnapshotReason(quiet({}))).toBeNull();
    expect(quietSnapshotReason(quiet({ unloading: true }))).toBe('quiet');
  });

  it('never asks for a version already snapshotted', () => {
    expect(
      quietSnapshotReason(
        quiet({ lastSnapshotVersion: 7, waitingOnHumans: true, unloading: true }),
      ),
    ).toBeNull();
    expect(quietSnapshotReason(quiet({ lastSnapshotVersion: null, unloading: true }))).toBe(
      'quiet',
    );
  });
});
