import { newGame } from '@veil/engine';
import { netrunner, type NetrunnerView } from '@veil/netrunner';
import { describe, expect, it } from 'vitest';
import { decksFor, plainText } from './catalog.js';
import {
  BOT_LEVEL_NAMES,
  boardStatus,
  botLevelText,
  logSegments,
  promptText,
  roomStatusText,
  runText,
  sidesTopBottom,
  stageText,
} from './model.js';
import { absoluteLink, parseRoute, seatHash, watchHash } from './router.js';
import { isLogEntry, mergeLog, type StoredLogEntry } from './storage.js';

const start = newGame(netrunner, {}, 5);
const corpView = netrunner.view(start, 'corp');
const runnerView = netrunner.view(start, 'runner');
const spectatorView = netrunner.view(start, 'spectator');

describe('board model', () => {
  it('says who decides: the viewer, the other side, or nobody any more', () => {
    const corpDecides = corpView.deciders.includes('corp');
    expect(boardStatus(corpView, 'corp').kind).toBe(corpDecides ? 'deciding' : 'waiting');
    const spectator = boardStatus(spectatorView, 'spectator');
    expect(spectator.kind).toBe('waiting');
    expect(spectator.text).toMatch(/^Waiting for the (Corp|Runner)/);
    const waiting: NetrunnerView = { ...runnerView, deciders: ['corp'], legalActions: [] };
    expect(boardStatus(waiting, 'runner')).toEqual({
      kind: 'waiting',
      text: 'Waiting for the Corp…',
    });
    const over: NetrunnerView = {
      ...corpView,
      outcome: { winner: 'runner', reason: 'agenda_points' },
    };
    expect(boardStatus(over, 'corp')).toEqual({
      kind: 'over',
      text: 'Game over: The Runner wins (agenda points).',
    });
  });

  it('says a bot seat is thinking while it decides, with its level', () => {
    const corpBot: NetrunnerView = { ...runnerView, deciders: ['corp'], legalActions: [] };
    expect(boardStatus(corpBot, 'runner', { corp: 'expert' })).toEqual({
      kind: 'waiting',
      text: 'The Corp bot (Hard) is thinking…',
      thinking: true,
    });
    // Spectators see it too; a human opponent is only waited for.
    expect(boardStatus({ ...corpBot }, 'spectator', { corp: 'greedy' }).text).toBe(
      'The Corp bot (Easy) is thinking…',
    );
    expect(boardStatus(corpBot, 'runner', { runner: 'expert' })).toEqual({
      kind: 'waiting',
      text: 'Waiting for the Corp…',
    });
    // The viewer's own decision comes first, bot or not.
    expect(boardStatus(corpView, 'corp', { runner: 'random' }).thinking).toBeUndefined();
  });

  it('names the bot levels for players, with the level id beside', () => {
    expect(Object.entries(BOT_LEVEL_NAMES)).toEqual([
      ['random', 'Random'],
      ['greedy', 'Easy'],
      ['ismcts', 'Medium'],
      ['expert', 'Hard'],
    ]);
    expect(botLevelText('ismcts')).toBe('Medium (ismcts)');
  });

  it('prompts with the public decision, and names phases readably', () => {
    expect(promptText(spectatorView)).toBe(plainText(spectatorView.decision?.prompt ?? ''));
    expect(stageText(corpView)).toBe('Setup · mulligans');
    expect(runText(corpView)).toBeNull();
  });

  it("puts the viewer's side at the bottom (the Runner's for spectators)", () => {
    expect(sidesTopBottom('corp')).toEqual(['runner', 'corp']);
    expect(sidesTopBottom('runner')).toEqual(['corp', 'runner']);
    expect(sidesTopBottom('spectator')).toEqual(['corp', 'runner']);
  });

  it('marks the card titles of a log line for hover text', () => {
    const entry: StoredLogEntry = {
      seq: 1,
      turn: 2,
      side: 'runner',
      text: 'Runner plays Sure Gamble and gains 9[credit].',
      cards: [{ code: '30030', title: 'Sure Gamble' }],
    };
    expect(logSegments(entry)).toEqual([
      { text: 'Runner plays ' },
      { text: 'Sure Gamble', code: '30030' },
      { text: ' and gains 9¢.' },
    ]);
  });

  it('writes the clicks of a log line as a count, credits with their sign', () => {
    const line = (text: string): StoredLogEntry => ({
      seq: 1,
      turn: 3,
      side: 'corp',
      text,
      cards: [],
    });
    expect(logSegments(line('Corp spends [click][click][click] to purge virus counters.'))).toEqual(
      [{ text: 'Corp spends 3 clicks to purge virus counters.' }],
    );
    expect(logSegments(line('Corp spends [click] to gain +1[credit].'))).toEqual([
      { text: 'Corp spends 1 click to gain +1¢.' },
    ]);
    expect(logSegments(line('Corp advances a card in Server 1 (−1[credit]).'))).toEqual([
      { text: 'Corp advances a card in Server 1 (−1¢).' },
    ]);
  });
});

describe('lobby', () => {
  it('says how a finished game ended, and only the status before', () => {
    expect(roomStatusText({ status: 'active' })).toBe('active');
    expect(
      roomStatusText({
        status: 'finished',
        outcome: { winners: ['corp'], reason: 'agenda_points' },
      }),
    ).toBe('finished: The Corp wins (agenda points)');
    expect(roomStatusText({ status: 'finished', outcome: { winners: [], reason: 'tie' } })).toBe(
      'finished: Nobody wins (tie)',
    );
    // Allies winning together (Dune) are all named.
    const allied = { winners: ['atreides', 'emperor'], reason: 'strongholds_allied' };
    expect(roomStatusText({ status: 'finished', outcome: allied })).toBe(
      'finished: The atreides and emperor win (strongholds allied)',
    );
    // The last player left a larger table: the seats left win (the bots that took the seats).
    const left = { winners: ['atreides', 'emperor', 'fremen'], reason: 'conceded' };
    expect(roomStatusText({ status: 'finished', outcome: left })).toBe(
      'finished: The atreides, emperor and fremen win (the last player left the table)',
    );
    expect(
      roomStatusText({ status: 'finished', outcome: { winners: ['corp'], reason: 'conceded' } }),
    ).toBe('finished: The Corp wins (the other side conceded)');
  });
});

describe('routes', () => {
  it('round-trip seat and spectator links; anything else is the lobby', () => {
    expect(parseRoute(seatHash('r1', 'corp', 'tok-en_'))).toEqual({
      page: 'seat',
      roomId: 'r1',
      seat: 'corp',
      token: 'tok-en_',
    });
    expect(parseRoute(seatHash('r1', 'runner'))).toMatchObject({ page: 'seat', token: null });
    expect(parseRoute(watchHash('r1'))).toEqual({ page: 'watch', roomId: 'r1' });
    expect(parseRoute('')).toEqual({ page: 'lobby' });
    expect(parseRoute('#/room/')).toEqual({ page: 'lobby' });
    expect(absoluteLink(watchHash('r1'), 'http://localhost:3000')).toBe(
      'http://localhost:3000/#/room/r1/watch',
    );
  });
});

describe('stored log', () => {
  it('merges by sequence number and keeps only well-formed lines', () => {
    const line = (seq: number): StoredLogEntry => ({
      seq,
      turn: 1,
      side: null,
      text: `${seq}`,
      cards: [],
    });
    expect(mergeLog([line(1), line(3)], [line(2), line(3)]).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(isLogEntry(line(1))).toBe(true);
    expect(isLogEntry({ seq: 1 })).toBe(false);
  });
});

describe('catalog', () => {
  it('offers each side its starter decks', () => {
    const corp = decksFor('corp');
    const runner = decksFor('runner');
    expect(corp.length).toBeGreaterThan(2);
    expect(runner.length).toBeGreaterThan(2);
    expect(corp.map((d) => d.id)).toContain('sg-tutorial-syndicate-intermediate');
    expect(runner.map((d) => d.id)).toContain('sg-tutorial-catalyst-intermediate');
    expect(corp.every((d) => d.side === 'corp') && runner.every((d) => d.side === 'runner')).toBe(
      true,
    );
  });

  it('turns printed text into plain text', () => {
    expect(plainText('Gain 6[credit].<ul><li>Draw <strong>4</strong> cards.</li></ul>')).toBe(
      'Gain 6¢.\n• Draw 4 cards.',
    );
  });
});
