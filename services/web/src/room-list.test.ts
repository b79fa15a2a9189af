import { describe, expect, it } from 'vitest';
import {
  gameText,
  isOpen,
  joinableSeats,
  roomState,
  seatsInOrder,
  seatText,
  spectatorText,
} from './room-list.js';

describe('the lobby’s room lists', () => {
  const seats = {
    corp: { type: 'human' as const, connected: true },
    runner: { type: 'human' as const, connected: false },
  };

  it('say a room waits for a player until every human seat is connected', () => {
    expect(roomState({ status: 'active', seats })).toBe('Waiting for a player (Runner)');
    const full = { ...seats, runner: { type: 'human' as const, connected: true } };
    expect(roomState({ status: 'active', seats: full })).toBe('In progress');
    const bot = { ...seats, runner: { type: 'bot' as const, level: 'expert' as const } };
    expect(roomState({ status: 'active', seats: bot })).toBe('In progress');
  });

  it('keep finished and abandoned rooms out of the open list, saying how they ended', () => {
    const outcome = { winners: ['corp'], reason: 'agenda_points' };
    expect(roomState({ status: 'finished', seats, outcome })).toBe(
      'Finished: The Corp wins (agenda points)',
    );
    expect(roomState({ status: 'abandoned', seats })).toBe('Abandoned');
    expect(
      ['waiting', 'active', 'finished', 'abandoned'].filter((status) =>
        isOpen({ status: status as 'active' }),
      ),
    ).toEqual(['waiting', 'active']);
  });

  it('name bots with their level and players by whether one is connected', () => {
    expect(seatText('runner', { type: 'bot', level: 'greedy' })).toBe('Runner: bot, Easy (greedy)');
    expect(seatText('corp', { type: 'human', connected: false })).toBe('Corp: nobody connected');
    // A Dune faction of two words reads as the table says it.
    expect(seatText('bene_gesserit', { type: 'bot', level: 'random' })).toBe(
      'Bene Gesserit: bot, Random (random)',
    );
  });

  it('offer an open seat of a room in play to join, and say it waits for a player there', () => {
    const open = {
      ...seats,
      runner: { type: 'human' as const, connected: false, open: true as const },
    };
    expect(roomState({ status: 'active', seats: open })).toBe(
      'Waiting for a player (Runner: open seat)',
    );
    expect(seatText('runner', open.runner)).toBe('Runner: open, anyone may join');
    expect(joinableSeats({ status: 'active', seats: open })).toEqual(['runner']);
    expect(joinableSeats({ status: 'waiting', seats: open })).toEqual(['runner']);
    // Not a taken seat, not a finished room, not to a browser already seated in the room.
    expect(joinableSeats({ status: 'active', seats })).toEqual([]);
    expect(joinableSeats({ status: 'finished', seats: open })).toEqual([]);
    expect(joinableSeats({ status: 'active', seats: open }, ['corp'])).toEqual([]);
  });

  it('list a room’s seats as its table sits them, whatever order the summary gave', () => {
    const human = { type: 'human' as const, connected: false, open: true as const };
    const bot = { type: 'bot' as const, level: 'random' as const };
    // As Postgres' JSONB returns keys: shortest first.
    const seats = { fremen: human, emperor: bot, atreides: human, harkonnen: bot };
    const dune = { game: 'dune', status: 'active' as const, seats };
    expect(seatsInOrder(dune).map(([seat]) => seat)).toEqual([
      'atreides',
      'emperor',
      'fremen',
      'harkonnen',
    ]);
    expect(joinableSeats(dune)).toEqual(['atreides', 'fremen']);
    expect(roomState(dune)).toBe('Waiting for a player (Atreides: open seat, Fremen: open seat)');
    const netrunner = { game: 'netrunner', seats: { runner: human, corp: bot } };
    expect(seatsInOrder(netrunner).map(([seat]) => seat)).toEqual(['corp', 'runner']);
    // A game the lobby does not know keeps the summary's order.
    expect(seatsInOrder({ game: 'parlor', seats: { p2: bot, p1: bot } }).map(([s]) => s)).toEqual([
      'p2',
      'p1',
    ]);
  });

  it('count the spectators watching where spectators are allowed', () => {
    expect(spectatorText({ spectators: true, watching: 0 })).toBe('allowed, none watching');
    expect(spectatorText({ spectators: true, watching: 3 })).toBe('allowed, 3 watching');
    expect(spectatorText({ spectators: false, watching: 0 })).toBe('not allowed');
  });

  it('name a timed room’s clocks beside its game', () => {
    const timeControl = { baseSeconds: 900, incrementSeconds: 10, onFlag: 'loss' as const };
    expect(gameText({ game: 'dune', timeControl })).toBe('Dune, 15 min + 10 s');
    expect(gameText({ game: 'dune', timeControl: { ...timeControl, incrementSeconds: 0 } })).toBe(
      'Dune, 15 min',
    );
    expect(gameText({ game: 'netrunner', timeControl: { ...timeControl, baseSeconds: 90 } })).toBe(
      'Android: Netrunner, 90 s + 10 s',
    );
    expect(gameText({ game: 'dune' })).toBe('Dune');
  });
});
