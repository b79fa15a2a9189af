import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SNAPSHOT_INTERVAL,
  quietSnapshotReason,
  snapshotReason,
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

  it('snapshots every K events otherwise, counting from the last snapshot', () => {
    const reasons = Array.from({ length: 12 }, (_, i) =>
      snapshotReason(at({ version: 5 + i + 1, lastSnapshotVersion: 5 }), 4),
    );
    expect(reasons).toEqual([null, null, null, 'interval', ...Array(8).fill('interval')]);
    expect(snapshotReason(at({ version: 5 + DEFAULT_SNAPSHOT_INTERVAL }))).toBe('interval');
    expect(snapshotReason(at({ version: 4 + DEFAULT_SNAPSHOT_INTERVAL }))).toBeNull();
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
