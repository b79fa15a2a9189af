import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AI_QUEUE_GROUP,
  aiRequestSubject,
  GAME_NODES_QUEUE_GROUP,
  GATEWAY_PRESENCE_SUBJECT,
  parseRoomSubject,
  roomCmdSubject,
  ROOMS_PLACE_SUBJECT,
  roomViewSubject,
  roomChatSubject,
  roomViewTree,
  roomViewWildcard,
  SUBJECT_PATTERNS,
  SubjectTokenError,
} from './subjects.js';
import { safeTokenArb, seatArb, unsafeTokenArb } from './test-support.js';

/** NATS matching: `*` matches one token, `>` one or more trailing tokens. */
function natsMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}

describe('subject names', () => {
  it('follow docs/protocol.md', () => {
    expect(roomCmdSubject('r1')).toBe('veil.room.r1.cmd');
    expect(roomViewSubject('r1', 'corp')).toBe('veil.room.r1.view.corp');
    expect(roomViewSubject('r1', 'spectator')).toBe('veil.room.r1.view.spectator');
    expect(roomViewWildcard('r1')).toBe('veil.room.r1.view.*');
    expect(ROOMS_PLACE_SUBJECT).toBe('veil.rooms.place');
    expect(aiRequestSubject('netrunner')).toBe('veil.ai.netrunner.request');
    expect(AI_QUEUE_GROUP).toBe('ai-workers');
    expect(GAME_NODES_QUEUE_GROUP).toBe('game-nodes');
    expect(GATEWAY_PRESENCE_SUBJECT).toBe('veil.gateway.presence');
  });

  it('match their wildcard patterns, and the room view wildcard matches every viewer', () => {
    fc.assert(
      fc.property(safeTokenArb, seatArb, safeTokenArb, (roomId, seat, game) => {
        expect(natsMatches(SUBJECT_PATTERNS.roomCmd, roomCmdSubject(roomId))).toBe(true);
        expect(natsMatches(SUBJECT_PATTERNS.roomView, roomViewSubject(roomId, seat))).toBe(true);
        expect(natsMatches(roomViewWildcard(roomId), roomViewSubject(roomId, seat))).toBe(true);
        expect(natsMatches(roomViewWildcard(roomId), roomViewSubject(roomId, 'spectator'))).toBe(
          true,
        );
        expect(natsMatches(roomViewWildcard(roomId), roomCmdSubject(roomId))).toBe(false);
        expect(natsMatches(SUBJECT_PATTERNS.aiRequest, aiRequestSubject(game))).toBe(true);
      }),
    );
    expect(natsMatches(SUBJECT_PATTERNS.roomsPlace, ROOMS_PLACE_SUBJECT)).toBe(true);
    expect(natsMatches(SUBJECT_PATTERNS.gatewayPresence, GATEWAY_PRESENCE_SUBJECT)).toBe(true);
  });

  it('never let one room reach another: distinct rooms give distinct, non-overlapping subjects', () => {
    fc.assert(
      fc.property(safeTokenArb, safeTokenArb, seatArb, (a, b, seat) => {
        fc.pre(a !== b);
        expect(natsMatches(roomViewWildcard(a), roomViewSubject(b, seat))).toBe(false);
        expect(roomCmdSubject(a)).not.toBe(roomCmdSubject(b));
      }),
    );
  });
});

describe('subject tokens from outside', () => {
  const helpers: [string, (value: string) => string][] = [
    ['roomId', (v) => roomCmdSubject(v)],
    ['roomId', (v) => roomViewSubject(v, 'corp')],
    ['seat', (v) => roomViewSubject('r1', v)],
    ['roomId', (v) => roomViewWildcard(v)],
    ['game', (v) => aiRequestSubject(v)],
  ];

  it.each(['a.b', '*', '>', 'a b', '', 'x'.repeat(65), '__proto__', 'r1.view.corp', 'a.>'])(
    'refuse %j in every helper',
    (bad) => {
      for (const [field, helper] of helpers) {
        expect(() => helper(bad)).toThrow(SubjectTokenError);
        expect(() => helper(bad)).toThrow(`${field} is not a safe NATS subject token`);
      }
    },
  );

  it('refuse any string with ".", "*", ">" or whitespace, and never quote it', () => {
    fc.assert(
      fc.property(unsafeTokenArb, (bad) => {
        for (const [field, helper] of helpers) {
          let thrown: unknown;
          try {
            helper(bad);
          } catch (e) {
            thrown = e;
          }
          expect(thrown).toBeInstanceOf(SubjectTokenError);
          expect((thrown as SubjectTokenError).field).toBe(field);
          expect((thrown as SubjectTokenError).message).toBe(
            `${field} is not a safe NATS subject token`,
          );
        }
      }),
    );
  });

  it('accept any safe token', () => {
    fc.assert(
      fc.property(safeTokenArb, seatArb, (roomId, seat) => {
        expect(roomCmdSubject(roomId).split('.')).toEqual(['veil', 'room', roomId, 'cmd']);
        expect(roomViewSubject(roomId, seat).split('.')).toEqual([
          'veil',
          'room',
          roomId,
          'view',
          seat,
        ]);
        expect(aiRequestSubject(roomId).split('.')).toEqual(['veil', 'ai', roomId, 'request']);
      }),
    );
  });
});

describe('parseRoomSubject', () => {
  it('inverts the room subject helpers', () => {
    fc.assert(
      fc.property(safeTokenArb, seatArb, (roomId, seat) => {
        expect(parseRoomSubject(roomCmdSubject(roomId))).toEqual({ kind: 'cmd', roomId });
        expect(parseRoomSubject(roomViewSubject(roomId, seat))).toEqual({
          kind: 'view',
          roomId,
          viewer: seat,
        });
        expect(parseRoomSubject(roomViewSubject(roomId, 'spectator'))).toEqual({
          kind: 'view',
          roomId,
          viewer: 'spectator',
        });
      }),
    );
  });

  it.each([
    'veil.rooms.place',
    'veil.ai.netrunner.request',
    'veil.room.r1',
    'veil.room.r1.cmd.extra',
    'veil.room.*.cmd',
    'veil.room.>',
    'veil.room.r1.view.*',
    'veil.room.r1.view',
    'veil.room.r1.view.corp.x',
    'veil.room.r1.views.corp',
    'other.room.r1.cmd',
    '',
  ])('refuses %j', (subject) => {
    expect(parseRoomSubject(subject)).toBeNull();
  });
});

describe('chat subjects', () => {
  it('sit under the viewer’s view subject, which a gateway’s view tree hears', () => {
    expect(roomChatSubject('r1', 'corp')).toBe('veil.room.r1.view.corp.chat');
    expect(parseRoomSubject('veil.room.r1.view.spectator.chat')).toEqual({
      kind: 'chat',
      roomId: 'r1',
      viewer: 'spectator',
    });
    expect(natsMatches(roomViewTree('r1'), roomChatSubject('r1', 'corp'))).toBe(true);
    expect(natsMatches(roomViewTree('r1'), roomViewSubject('r1', 'corp'))).toBe(true);
    expect(natsMatches(roomViewTree('r1'), roomChatSubject('r2', 'corp'))).toBe(false);
    expect(natsMatches(roomViewWildcard('r1'), roomChatSubject('r1', 'corp'))).toBe(false);
  });
});
