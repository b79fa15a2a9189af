/**
 * The same draw-play game on boardgame.io 0.50.2, run by its `Master` (the authoritative game
 * runner its server uses) over its in-memory storage `InMemory`, with `PlayerView.STRIP_SECRETS`.
 * The transport stands in for boardgame.io's socket.io transport: for every update it filters
 * the state for each seat with boardgame.io's own `getFilterPlayerView` and serializes it.
 */
import { INVALID_MOVE, PlayerView } from 'boardgame.io/core';
import { createMatch, getFilterPlayerView } from 'boardgame.io/internal';
import { Master } from 'boardgame.io/master';
import { Server } from 'boardgame.io/server';
import type { Game } from 'boardgame.io';
import { DECK_SIZE, policyMove } from './drawplay.js';

const PLAYERS = ['0', '1'] as const;
type PlayerId = (typeof PLAYERS)[number];

export interface BgioG {
  /** Removed from every view by STRIP_SECRETS. */
  secret: { deck: number[] };
  /** STRIP_SECRETS keeps only the viewer's own entry. */
  players: Record<string, { hand: number[] }>;
  handCounts: Record<string, number>;
  discard: number[];
  moves: number;
  maxMoves: number;
}

export function bgioDrawPlay(maxMoves: number): Game<BgioG> {
  return {
    name: 'drawplay',
    setup: ({ random }) => ({
      secret: { deck: random.Shuffle(Array.from({ length: DECK_SIZE }, (_, card) => card)) },
      players: { '0': { hand: [] }, '1': { hand: [] } },
      handCounts: { '0': 0, '1': 0 },
      discard: [],
      moves: 0,
      maxMoves,
    }),
    moves: {
      draw: ({ G, playerID }) => {
        // The top of the deck is its last element: `pop` is O(1) under immer, where `shift`
        // would rewrite all 200 entries through immer's proxy (5× slower overall).
        const card = G.secret.deck.pop();
        const player = G.players[playerID];
        if (card === undefined || !player) return INVALID_MOVE;
        player.hand.push(card);
        G.handCounts[playerID] = player.hand.length;
        G.moves++;
      },
      play: ({ G, playerID }) => {
        const player = G.players[playerID];
        const card = player?.hand.shift();
        if (card === undefined || !player) return INVALID_MOVE;
        G.discard.push(card);
        G.handCounts[playerID] = player.hand.length;
        G.moves++;
      },
    },
    turn: { minMoves: 1, maxMoves: 1 },
    endIf: ({ G }) => (G.moves >= G.maxMoves ? { draw: true } : undefined),
    playerView: PlayerView.STRIP_SECRETS,
  };
}

/** What the stand-in transport saw: per-seat payloads serialized, their bytes, the state id. */
export interface BgioRun {
  master: Master;
  /** The storage, kept so that its matches stay live for the heap figure. */
  db: unknown;
  createMatch(matchID: string): void;
  /** Plays one match to the end with the driver policy; returns the moves made. */
  playMatch(matchID: string): Promise<number>;
  payloads: number;
  payloadBytes: number;
}

export function startBgio(maxMoves: number): BgioRun {
  const game = bgioDrawPlay(maxMoves);
  // `InMemory` is not exported by name; a `Server` without `db` creates one (no FLATFILE_DIR).
  // Nothing listens: only its storage object is used.
  const env = process.env['FLATFILE_DIR'];
  delete process.env['FLATFILE_DIR'];
  const server = Server({ games: [game], origins: [] });
  if (env !== undefined) process.env['FLATFILE_DIR'] = env;
  const db = server.db;
  if (db.constructor.name !== 'InMemory')
    throw new Error(`expected InMemory, got ${db.constructor.name}`);
  const filter = getFilterPlayerView(game);
  const stateIds = new Map<string, number>();
  const run: BgioRun = {
    master: undefined as unknown as Master,
    db,
    payloads: 0,
    payloadBytes: 0,
    createMatch(matchID) {
      const created = createMatch({ game, numPlayers: 2, setupData: undefined, unlisted: true });
      if ('setupDataError' in created) throw new Error(`createMatch: ${created.setupDataError}`);
      (db as { createMatch(id: string, opts: unknown): void }).createMatch(matchID, created);
      stateIds.set(matchID, created.initialState._stateID);
    },
    async playMatch(matchID) {
      let moves = 0;
      for (;;) {
        const { state } = (
          db as { fetch(id: string, o: { state: true }): { state?: BgioState } }
        ).fetch(matchID, { state: true });
        if (!state || state.ctx.gameover !== undefined) return moves;
        const playerID = state.ctx.currentPlayer;
        // The driver decides from what its own seat knows (its hand and the deck count would
        // come from its view); reading them here costs the same in both systems: nothing.
        const hand = state.G.players[playerID]?.hand.length ?? 0;
        const move = policyMove(hand, state.G.secret.deck.length);
        const stateID = stateIds.get(matchID) ?? 0;
        const result = await run.master.onUpdate(
          { type: 'MAKE_MOVE', payload: { type: move, args: [], playerID, credentials: '' } },
          stateID,
          matchID,
          playerID,
        );
        if (result && 'error' in result) throw new Error(`boardgame.io: ${result.error}`);
        moves++;
      }
    },
  };
  run.master = new Master(game, db, {
    send: () => {},
    sendAll: (payload) => {
      if (payload.type === 'update') stateIds.set(payload.args[0], payload.args[1]._stateID);
      for (const playerID of PLAYERS satisfies readonly PlayerId[]) {
        const text = JSON.stringify(filter(playerID, payload));
        run.payloads++;
        run.payloadBytes += text.length;
      }
    },
  });
  return run;
}

interface BgioState {
  G: BgioG;
  ctx: { currentPlayer: string; gameover?: unknown };
  _stateID: number;
}
