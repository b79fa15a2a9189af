import { checkNoninterference } from '@veil/engine/testing';
import { describe, expect, it } from 'vitest';
import { typeOf } from '../facts.js';
import { netrunner } from '../module.js';
import { PAIRINGS } from '../testing/pairings.js';
import { VIEWERS, type Viewer } from '../state/types.js';
import { zoneArray } from '../state/zones.js';
import { perturb, perturbSingleState } from './perturb.js';

// The harness with Netrunner's perturbation must catch a Netrunner that leaks, on the table and
// in the log: otherwise its passes (harness.test.ts) would mean nothing for that kind of leak.

type Netrunner = typeof netrunner;

function catches(
  module: Netrunner,
  singleState = false,
  options = PAIRINGS[0] ?? {},
  viewers: readonly Viewer[] = ['runner'],
  seed = 7,
): string {
  try {
    const report = checkNoninterference({
      module,
      options,
      perturb: singleState ? perturbSingleState : perturb,
      viewers,
      numRuns: 25,
      maxSteps: 300,
      stride: 3,
      ...(singleState ? { followSteps: 0 } : {}),
      seed,
    });
    return `not caught over ${report.statesChecked} states`;
  } catch (error) {
    return String(error);
  }
}

describe("the privacy harness with Netrunner's perturbation", () => {
  it('catches a view that shows the Runner the top card of R&D', () => {
    const leaky: Netrunner = {
      ...netrunner,
      view: (snapshot, viewer) => {
        const top = zoneArray(snapshot.context, { zone: 'rd' })[0];
        const code = top === undefined ? null : (snapshot.context.cards[top]?.code ?? null);
        return { ...netrunner.view(snapshot, viewer), topOfRd: code };
      },
    };
    expect(catches(leaky)).toMatch(/runner's view depends on hidden information/);
  });

  it('catches a log line that names a card the Runner never saw', () => {
    // As if every card named in the log had been logged with `seenBy` everyone.
    const leaky: Netrunner = {
      ...netrunner,
      logView: (entry, viewer) =>
        netrunner.logView(
          { ...entry, cards: entry.cards.map((card) => ({ ...card, seenBy: VIEWERS })) },
          viewer,
        ),
    };
    expect(catches(leaky)).toMatch(/runner's log depends on hidden information/);
  });

  it('catches a view that tells agendas from assets facedown in remotes, in single states', () => {
    const leaky: Netrunner = {
      ...netrunner,
      view: (snapshot, viewer) => ({
        ...netrunner.view(snapshot, viewer),
        facedownTypes: Object.values(snapshot.context.cards)
          .filter((c) => c.loc.zone === 'root' && !c.rezzed && !c.faceUp)
          .map((c) => typeOf(c.code))
          .sort(),
      }),
    };
    // `perturb` keeps a root card's type: its worlds are followed into accesses, where an
    // agenda and an asset rightly differ.
    expect(catches(leaky)).toMatch(/^not caught/);
    expect(catches(leaky, true)).toMatch(/runner's view depends on hidden information/);
    // Only live states are compared: finding the leak takes more runs (a bound on a hang).
  }, 180_000);

  it.each(['rng', 'handleRng'] as const)(
    'catches a view that shows a PRNG state (%s), in single states',
    (field) => {
      const leaky: Netrunner = {
        ...netrunner,
        view: (snapshot, viewer) => ({
          ...netrunner.view(snapshot, viewer),
          prng: snapshot.context[field],
        }),
      };
      expect(catches(leaky)).toMatch(/^not caught/);
      expect(catches(leaky, true)).toMatch(/runner's view depends on hidden information/);
    },
  );

  it('catches a view that says where the Urtica Ciphers are, in single states', () => {
    const urtica = '30045';
    const leaky: Netrunner = {
      ...netrunner,
      view: (snapshot, viewer) => ({
        ...netrunner.view(snapshot, viewer),
        urticaZones: Object.values(snapshot.context.cards)
          .filter((c) => c.code === urtica)
          .map((c) => c.loc.zone)
          .sort(),
      }),
    };
    const jinteki = PAIRINGS.find((options) => options.corpDeck === 'sg-jinteki');
    if (!jinteki) throw new Error('no Jinteki pairing (its deck holds the Urtica Ciphers)');
    // `perturb` never moves it: accessed, its net damage is public.
    expect(catches(leaky, false, jinteki)).toMatch(/^not caught/);
    expect(catches(leaky, true, jinteki)).toMatch(/runner's view depends on hidden information/);
  });

  it.each(['corp', 'spectator'] as const)(
    'catches a view that names the card being accessed to the %s',
    (viewer) => {
      // The Corp is not shown an R&D card the Runner accesses, nor a spectator any hidden one.
      const leaky: Netrunner = {
        ...netrunner,
        view: (snapshot, v) => {
          const current = snapshot.context.run?.breach?.current;
          const accessing = current ? (snapshot.context.cards[current.uid]?.code ?? null) : null;
          return { ...netrunner.view(snapshot, v), accessing };
        },
      };
      // Accesses of R&D come late in random games; these fast-check seeds reach one within 25 runs
      // (rules version 6: seed 5 catches it for the Corp, 1–4 do not; seed 1 for a spectator).
      expect(catches(leaky, false, PAIRINGS[0], [viewer], viewer === 'corp' ? 5 : 1)).toMatch(
        new RegExp(`${viewer}'s view depends on hidden information`),
      );
    },
    // A bound on a hang: on the shared 2-core VM under load the Corp's case took 135 s.
    240_000,
  );
});
