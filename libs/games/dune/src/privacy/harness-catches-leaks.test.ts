import { describe, expect, it } from 'vitest';
import { ownCommitment, type GameSnapshot } from '@veil/engine';
import { checkNoninterference } from '@veil/engine/testing';
import { dune, type DuneModule } from '../module.js';
import type { DuneState, LogEntry, Viewer } from '../state/types.js';
import { SEMUTA, usableSemuta } from '../rules/semuta.js';
import { perturbDune } from './perturb.js';

/** Deliberately leaking variants of Dune: the harness must fail on each. */
const variants: Record<string, DuneModule> = {
  'others spice in the view': {
    ...dune,
    view: (s: GameSnapshot<DuneState>, v: Viewer) => ({
      ...dune.view(s, v),
      players: Object.fromEntries(
        Object.entries(dune.view(s, v).players).map(([f, p]) => [
          f,
          { ...p, spice: s.context.players[f as keyof DuneState['players']].spice },
        ]),
      ),
    }),
  },
  'auction card shown to all': {
    ...dune,
    view: (s: GameSnapshot<DuneState>, v: Viewer) => {
      const view = dune.view(s, v);
      return view.auction
        ? { ...view, auction: { ...view.auction, card: s.context.auction?.cards[0] ?? null } }
        : view;
    },
  },
  'committed seats leave the deciders': {
    ...dune,
    deciders: (s: GameSnapshot<DuneState>) => {
      const all = dune.deciders(s);
      const c = s.context.choice;
      return c ? all.filter((f) => ownCommitment(c.choice as never, f) === null) : all;
    },
  },
  'private log parts shown to all': {
    ...dune,
    logView: (entry: LogEntry) => ({ ...entry, secret: entry.secret?.data }),
  },
};

/** Whether any participant of the open Semuta boundary could claim: what must never show. */
function someoneCanClaim(s: GameSnapshot<DuneState>): boolean {
  const w = s.context.pauses.windows.find((x) => x.kind === SEMUTA && x.status === 'open');
  return !!w && w.participants.some((f) => usableSemuta(s.context, f) !== null);
}

/** Leaking variants of the Semuta boundary, run in a room with the card. */
const semutaVariants: Record<string, DuneModule> = {
  'a Semuta boundary that says whether someone can claim': {
    ...dune,
    view: (s: GameSnapshot<DuneState>, v: Viewer) => ({
      ...dune.view(s, v),
      canClaim: someoneCanClaim(s),
    }),
  },
  'a Semuta boundary that lists only the seats that could claim': {
    ...dune,
    windows: (s: GameSnapshot<DuneState>) =>
      dune
        .windows(s)
        .map((w) =>
          w.kind === SEMUTA
            ? { ...w, participants: w.participants.filter((f) => usableSemuta(s.context, f)) }
            : w,
        ),
  },
};

/**
 * A caught leak is shrunk by replaying random games: on a loaded 2-core machine the auction
 * variant took 93 s, over the unit project's 60 s default (a bound on a hang, not a figure).
 */
const TIMEOUT = 600_000;

describe('the Dune privacy harness catches leaks', () => {
  it.each(Object.keys(variants))(
    '%s',
    (name) => {
      const module = variants[name] as DuneModule;
      expect(() =>
        checkNoninterference({
          module,
          options: { factions: ['atreides', 'harkonnen', 'bene_gesserit'] },
          perturb: (s, v, rng) => perturbDune(module, s, v, rng),
          numRuns: 40,
          maxSteps: 300,
          stride: 2,
          followSteps: 0,
          seed: 5,
        }),
      ).toThrow(/noninterference violated/);
    },
    TIMEOUT,
  );

  it.each(Object.keys(semutaVariants))(
    '%s',
    (name) => {
      const module = semutaVariants[name] as DuneModule;
      expect(() =>
        checkNoninterference({
          module,
          options: { factions: ['atreides', 'harkonnen', 'bene_gesserit'], semutaDrug: true },
          perturb: (s, v, rng) => perturbDune(module, s, v, rng),
          numRuns: 40,
          maxSteps: 300,
          stride: 2,
          followSteps: 0,
          seed: 5,
        }),
      ).toThrow(/noninterference violated/);
    },
    TIMEOUT,
  );
});
