import { describe, expect, it } from 'vitest';
import { applyAction, Rng, type GameSnapshot } from '@veil/engine';
import { playRandom } from '@veil/engine/testing';
import { typeOf } from '../facts.js';
import { netrunner } from '../module.js';
import { canSee } from '../state/handles.js';
import { isCentral, type CardState, type DeckList, type Game, type Side } from '../state/types.js';
import { corpActing, edit } from '../testing/kit.js';
import { PAIRINGS } from '../testing/pairings.js';
import { byteDeckOptions } from './byte-deck.js';

type Snap = GameSnapshot<Game>;

/**
 * Seeded random states of every starter pairing and of a Jinteki list with Byte! (its access
 * question), every 17th step of two games each.
 */
function sampleStates(): { s: Snap; where: string }[] {
  const out: { s: Snap; where: string }[] = [];
  [...PAIRINGS, byteDeckOptions()].forEach((options, p) => {
    for (const seed of [1, 2]) {
      const { snapshots } = playRandom(netrunner, options, seed * 31 + p, 220);
      for (let i = 0; i < snapshots.length; i += 17) {
        const s = snapshots[i];
        if (s) out.push({ s, where: `pairing ${p} seed ${seed} step ${i}` });
      }
    }
  });
  return out;
}

const STATES = sampleStates();

function counts(codes: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const code of [...codes].sort()) out[code] = (out[code] ?? 0) + 1;
  return out;
}

function deckCounts(deck: DeckList): Record<string, number> {
  return counts(deck.cards.flatMap((e) => Array.from({ length: e.count }, () => e.code)));
}

/** Every card of a side but its identity, wherever it is. */
function cardsOf(g: Game, side: Side): CardState[] {
  return Object.values(g.cards).filter((c) => c.side === side && c.loc.zone !== 'identity');
}

describe('determinize', () => {
  it('gives a full game whose view and legal actions equal the view it came from', () => {
    let checked = 0;
    for (const { s, where } of STATES) {
      for (const viewer of ['corp', 'runner'] as const) {
        const view = netrunner.view(s, viewer);
        const d = netrunner.determinize(view, viewer, Rng.from(`d:${where}:${viewer}`));
        expect(netrunner.view(d, viewer), `${where} ${viewer}`).toEqual(view);
        expect(netrunner.legalActions(d, viewer)).toEqual(netrunner.legalActions(s, viewer));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('deals the hidden cards from the known deck lists minus every card the viewer sees', () => {
    let hiddenChecked = 0;
    for (const { s, where } of STATES) {
      for (const viewer of ['corp', 'runner'] as const) {
        const d = netrunner.determinize(
          netrunner.view(s, viewer),
          viewer,
          Rng.from(`deal:${where}:${viewer}`),
        );
        for (const side of ['corp', 'runner'] as const) {
          const deck = deckCounts(s.context.decks[side]);
          // Both decklists are known (open decklists), and every card of the game is one of them.
          expect(d.context.decks[side]).toEqual(s.context.decks[side]);
          const all = cardsOf(d.context, side);
          expect(counts(all.map((c) => c.code)), `${where} ${viewer} ${side}`).toEqual(deck);
          // Hidden = deck list minus what the viewer sees (in the original game).
          const seen = cardsOf(s.context, side).filter((c) => canSee(c, viewer));
          const remaining = { ...deck };
          for (const c of seen) remaining[c.code] = (remaining[c.code] ?? 0) - 1;
          const hidden = all.filter((c) => !canSee(c, viewer));
          // The card being accessed is named by the access prompt, not sampled.
          const accessed = d.context.run?.breach?.current?.uid;
          const sampled = hidden.filter((c) => c.uid !== accessed);
          for (const c of sampled) {
            expect(remaining[c.code] ?? 0, `${where} ${viewer}: ${c.code}`).toBeGreaterThan(0);
            remaining[c.code] = (remaining[c.code] ?? 0) - 1;
            hiddenChecked += 1;
          }
        }
      }
    }
    expect(hiddenChecked).toBeGreaterThan(1000);
  });

  it('gives facedown installed cards a kind their position allows', () => {
    let facedown = 0;
    for (const { s, where } of STATES) {
      const d = netrunner.determinize(netrunner.view(s, 'runner'), 'runner', Rng.from(where));
      const g = d.context;
      for (const id of g.serverOrder) {
        const server = g.servers[id];
        if (!server) continue;
        for (const uid of server.ice) {
          const c = g.cards[uid] as CardState;
          if (c.rezzed) continue;
          facedown += 1;
          expect(typeOf(c.code), `${where}: ice of ${id}`).toBe('ice');
        }
        const rootTypes = server.root.map((uid) => typeOf((g.cards[uid] as CardState).code));
        for (const uid of server.root) {
          const c = g.cards[uid] as CardState;
          if (c.rezzed) continue;
          facedown += 1;
          expect(isCentral(id) ? ['upgrade'] : ['agenda', 'asset', 'upgrade']).toContain(
            typeOf(c.code),
          );
        }
        expect(rootTypes.filter((t) => t === 'agenda' || t === 'asset').length).toBeLessThan(2);
      }
    }
    expect(facedown).toBeGreaterThan(20);
  });

  it('samples: different seeds deal the Runner different pictures of HQ', () => {
    const found = STATES.find(({ s }) => s.context.corp.hq.length >= 4);
    if (!found) throw new Error('no state with a full HQ');
    const view = netrunner.view(found.s, 'runner');
    const hqs = new Set(
      [1, 2, 3, 4, 5, 6].map((k) => {
        const d = netrunner.determinize(view, 'runner', Rng.from(`hq:${k}`));
        return JSON.stringify(d.context.corp.hq.map((u) => d.context.cards[u]?.code).sort());
      }),
    );
    expect(hqs.size).toBeGreaterThan(1);
  });

  it('never deals a card whose every copy the viewer has seen', () => {
    let checked = 0;
    for (const { s, where } of STATES) {
      const seenAll = (code: string, side: Side) =>
        cardsOf(s.context, side).every((c) => c.code !== code || canSee(c, 'runner'));
      const d = netrunner.determinize(netrunner.view(s, 'runner'), 'runner', Rng.from(where));
      for (const c of cardsOf(d.context, 'corp')) {
        if (canSee(c, 'runner') || c.uid === d.context.run?.breach?.current?.uid) continue;
        for (const e of s.context.decks.corp.cards) {
          if (!seenAll(e.code, 'corp')) continue;
          checked += 1;
          expect(c.code, `${where}: every ${e.code} is in sight`).not.toBe(e.code);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('deals again when a random deal strands a constrained place', () => {
    // Five facedown cards: an upgrade in HQ's root; an asset and an upgrade in each of two
    // remotes. Only three upgrades and two assets are hidden, so a deal that gives one remote
    // two upgrades leaves the other none it may take (one agenda or asset per remote).
    const NICO = '30037';
    const UPGRADES = ['30042', '30050', '30058'];
    let s = corpActing({ corp: [NICO, NICO, ...UPGRADES] });
    s = edit(s, (g) => {
      const take = (code: string) => {
        const uid = [...g.corp.rd, ...g.corp.hq].find(
          (u) => g.cards[u]?.code === code && g.cards[u]?.loc.zone !== 'root',
        );
        if (!uid) throw new Error(`no ${code} in R&D or HQ`);
        g.corp.rd = g.corp.rd.filter((u) => u !== uid);
        g.corp.hq = g.corp.hq.filter((u) => u !== uid);
        return uid;
      };
      const place = (code: string, server: 'hq' | 'remote1' | 'remote2') => {
        const uid = take(code);
        const c = g.cards[uid] as CardState;
        c.loc = { zone: 'root', server };
        c.rezzed = false;
        c.faceUp = false;
        if (!g.servers[server]) {
          g.servers[server] = { id: server, ice: [], root: [] };
          g.serverOrder.push(server);
        }
        (g.servers[server] as { root: string[] }).root.push(uid);
      };
      place(UPGRADES[0] as string, 'hq');
      place(NICO, 'remote1');
      place(UPGRADES[1] as string, 'remote1');
      place(NICO, 'remote2');
      place(UPGRADES[2] as string, 'remote2');
      g.nextRemote = 3;
    });
    const view = netrunner.view(s, 'runner');
    for (let k = 0; k < 30; k++) {
      const d = netrunner.determinize(view, 'runner', Rng.from(`strand:${k}`));
      const g = d.context;
      expect(counts(cardsOf(g, 'corp').map((c) => c.code))).toEqual(deckCounts(g.decks.corp));
      const types = (id: string) =>
        (g.servers[id]?.root ?? []).map((u) => typeOf((g.cards[u] as CardState).code)).sort();
      expect(types('hq')).toEqual(['upgrade']);
      expect(types('remote1')).toEqual(['asset', 'upgrade']);
      expect(types('remote2')).toEqual(['asset', 'upgrade']);
    }
  });

  it('a determinized game plays on', () => {
    const { snapshots } = playRandom(netrunner, {}, 4, 120);
    const s = snapshots.at(-1);
    if (!s) throw new Error('no state');
    const rng = Rng.from('play-on');
    let d = netrunner.determinize(netrunner.view(s, 'runner'), 'runner', rng);
    for (let i = 0; i < 200 && netrunner.outcome(d) === null; i++) {
      const seat = rng.pick(netrunner.deciders(d));
      d = applyAction(netrunner, d, seat, rng.pick(netrunner.legalActions(d, seat)));
    }
    expect(d.context.turn).toBeGreaterThanOrEqual(s.context.turn);
  });
});
