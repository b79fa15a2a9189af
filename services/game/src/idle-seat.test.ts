import { IDLE_ABSENT_SECONDS, IDLE_SECONDS } from '@veil/protocol';
import type { StoredSeat } from '@veil/store';
import { describe, expect, it } from 'vitest';
import { idleHandover, type IdleClaim } from './idle-seat.js';

// When another player may hand an idle seat to a bot, or at two seats claim the game from it
// (docs/protocol.md, "Hand an idle seat to a bot"): the rule alone; `idle-handover.test.ts` runs
// it in a game node.

const human: StoredSeat = { kind: 'human', tokenHash: 'f'.repeat(64) };
const table = { atreides: human, emperor: human, fremen: human };
const absentMs = IDLE_ABSENT_SECONDS * 1_000;

const claim = (over: Partial<IdleClaim> = {}): IdleClaim => ({
  seats: table,
  requester: 'atreides',
  target: 'fremen',
  timed: false,
  waitingOn: ['fremen'],
  waitedMs: absentMs,
  connected: false,
  ...over,
});

describe('handing an idle seat to a bot', () => {
  it('hands over a seat the table waited on long enough, at the level a concession would bring', () => {
    expect(idleHandover(claim())).toEqual({
      ok: true,
      kind: 'hands_over',
      bot: { kind: 'bot', level: 'ismcts' },
    });
    const withBot = { ...table, emperor: { kind: 'bot', level: 'expert' } as StoredSeat };
    expect(idleHandover(claim({ seats: withBot }))).toEqual({
      ok: true,
      kind: 'hands_over',
      bot: { kind: 'bot', level: 'expert' },
    });
  });

  it('waits longer for a seat whose player has a connection open', () => {
    expect(idleHandover(claim({ waitedMs: absentMs - 1 }))).toEqual({
      ok: false,
      code: 'illegal_action',
    });
    expect(idleHandover(claim({ connected: true }))).toEqual({
      ok: false,
      code: 'illegal_action',
    });
    expect(idleHandover(claim({ connected: true, waitedMs: IDLE_SECONDS * 1_000 }))).toMatchObject({
      ok: true,
    });
  });

  it('refuses a seat the game does not wait on, or one a bot plays already', () => {
    expect(idleHandover(claim({ waitingOn: ['emperor'] }))).toEqual({
      ok: false,
      code: 'illegal_action',
    });
    const fremenBot = { ...table, fremen: { kind: 'bot', level: 'random' } as StoredSeat };
    expect(idleHandover(claim({ seats: fremenBot }))).toEqual({
      ok: false,
      code: 'illegal_action',
    });
  });

  it('at a two-seat table claims the game for the asker instead', () => {
    const two = { corp: human, runner: human };
    const gone = claim({ seats: two, requester: 'corp', target: 'runner', waitingOn: ['runner'] });
    expect(idleHandover(gone)).toEqual({
      ok: true,
      kind: 'ends',
      outcome: { winners: ['corp'], reason: 'left' },
    });
    expect(idleHandover({ ...gone, waitedMs: absentMs - 1 })).toMatchObject({ ok: false });
  });

  it('is no request at a timed table, for oneself, or for no seat of the room', () => {
    for (const refused of [
      claim({ timed: true }),
      claim({ target: 'atreides', waitingOn: ['atreides'] }),
      claim({ target: 'harkonnen', waitingOn: ['harkonnen'] }),
    ]) {
      expect(idleHandover(refused)).toEqual({ ok: false, code: 'bad_request' });
    }
  });
});
