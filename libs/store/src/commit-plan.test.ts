import { describe, expect, it } from 'vitest';
import { planCommits, requestKey } from './commit-plan.js';
import type { CommitItem } from './commit-types.js';

const item = (roomId: string, expectedVersion: number, extra: Partial<CommitItem> = {}) => ({
  roomId,
  expectedVersion,
  seat: 'corp',
  requestId: `${roomId}-${expectedVersion}`,
  action: { n: expectedVersion },
  ...extra,
});

describe('planCommits', () => {
  it('chains consecutive events of one room and writes one room update for them', () => {
    const plan = planCommits(
      [
        item('a', 4),
        item('a', 5, {
          roomStatus: 'finished',
          roomOutcome: { winners: ['corp'], reason: 'agenda_points' },
          snapshot: { s: 6 },
        }),
        item('a', 6, { ack: 'late' }),
      ],
      new Map([['a', 4]]),
      new Map(),
    );
    expect(plan.results).toEqual([
      { status: 'committed', version: 5 },
      { status: 'committed', version: 6 },
      { status: 'committed', version: 7 },
    ]);
    expect(plan.events.map((e) => [e.version, e.ack])).toEqual([
      [5, null],
      [6, null],
      [7, 'late'],
    ]);
    expect(plan.snapshots).toEqual([{ roomId: 'a', version: 6, snapshot: { s: 6 } }]);
    // The status and outcome set by an earlier item survive a later item that sets none.
    expect(plan.roomUpdates).toEqual([
      {
        roomId: 'a',
        fromVersion: 4,
        toVersion: 7,
        status: 'finished',
        outcome: { winners: ['corp'], reason: 'agenda_points' },
        seatChanges: null,
      },
    ]);
  });

  it('gathers the seat changes of a room’s events, a later one’s over an earlier one’s', () => {
    const plan = planCommits(
      [
        item('a', 0, {
          seatChanges: {
            fremen: { kind: 'bot', level: 'greedy' },
            atreides: { kind: 'bot', level: 'random' },
          },
        }),
        item('a', 1),
        item('a', 2, {
          seatChanges: {
            fremen: { kind: 'bot', level: 'expert' },
            emperor: { kind: 'bot', level: 'ismcts' },
          },
        }),
      ],
      new Map([['a', 0]]),
      new Map(),
    );
    expect(plan.roomUpdates.map((u) => u.seatChanges)).toEqual([
      {
        fremen: { kind: 'bot', level: 'expert' },
        atreides: { kind: 'bot', level: 'random' },
        emperor: { kind: 'bot', level: 'ismcts' },
      },
    ]);
  });

  it('answers a known request as a duplicate before looking at the version', () => {
    const plan = planCommits(
      [item('a', 0, { requestId: 'r' }), item('gone', 0, { requestId: 'r' })],
      new Map([['a', 9]]),
      new Map([
        [requestKey('a', 'corp', 'r'), { version: 3, ack: { ok: true } }],
        [requestKey('gone', 'corp', 'r'), { version: 1, ack: null }],
      ]),
    );
    expect(plan.results).toEqual([
      { status: 'duplicate', version: 3, ack: { ok: true } },
      { status: 'duplicate', version: 1, ack: null },
    ]);
    expect(plan.events).toEqual([]);
    expect(plan.roomUpdates).toEqual([]);
  });

  it('leaves a room untouched after a conflict while other rooms commit', () => {
    const plan = planCommits(
      [item('a', 1), item('b', 0), item('missing', 0)],
      new Map([
        ['a', 2],
        ['b', 0],
      ]),
      new Map(),
    );
    expect(plan.results).toEqual([
      { status: 'conflict', currentVersion: 2 },
      { status: 'committed', version: 1 },
      { status: 'not_found' },
    ]);
    expect(plan.roomUpdates.map((u) => u.roomId)).toEqual(['b']);
  });

  it('keys requests so that separators inside ids cannot collide', () => {
    expect(requestKey('a:b', 'c', 'd')).not.toBe(requestKey('a', 'b:c', 'd'));
  });
});
