import { describe, expect, it } from 'vitest';
import { applyAction, restoreGame, Rng, type GameSnapshot } from '@veil/engine';
import { netrunner } from '../module.js';
import { shuffleDeck } from '../rules/setup.js';
import type { Game, Side } from '../state/types.js';
import { moveCard } from '../state/zones.js';
import { act, choose, edit, legal, run, runnerActing, until, type Snap } from '../testing/kit.js';
import type { CardView, NetrunnerView } from '../view/view.js';

/*
 * Seat memory (state/memory.ts): what a seat has legitimately seen and is still true is in its
 * view — so a stateless bot and a player who reloads lose nothing — and nothing else is.
 */

const REGOLITH = '30071'; // an asset: accessed, it may stay where it lies
const MUTUAL_FAVOR = '30011';
const MAYFLY = '30032'; // icebreaker, install cost 1
const SURE_GAMBLE = '30030'; // the kit's Runner filler, cost 5

/** From the Runner's action window: run an unprotected central, access, leave the card. */
function accessAndLeave(s: Snap, server: 'hq' | 'rd'): { s: Snap; uid: string } {
  let t = run(s, server);
  t = choose(t, 'runner', 'continue');
  t = until(t, (x) => x.context.run?.breach?.current != null);
  const uid = t.context.run?.breach?.current?.uid ?? '';
  t = until(t, (x) => x.context.run === null);
  return { s: t, uid };
}

function codes(cards: readonly CardView[]): string[] {
  return cards.flatMap((c) => (c.code ? [c.code] : []));
}

function view(s: Snap, viewer: Side | 'spectator'): NetrunnerView {
  return netrunner.view(s, viewer) as NetrunnerView;
}

function reload(s: Snap): Snap {
  const stored = JSON.parse(JSON.stringify({ value: s.value, context: s.context })) as {
    value: Snap['value'];
    context: Game;
  };
  return restoreGame(netrunner, { ...stored, status: s.status }) as Snap;
}

describe('seat memory', () => {
  it('R&D: a card the Runner accessed and left on top stays in its view (and only its), until it moves', () => {
    let s = runnerActing({ corp: [REGOLITH] }, (g) => {
      const uid = Object.values(g.cards).find((c) => c.code === REGOLITH)?.uid as string;
      moveCard(g, uid, { zone: 'rd' }, { at: 'top' });
    });
    const left = accessAndLeave(s, 'rd');
    s = left.s;
    expect(s.context.corp.rd[0]).toBe(left.uid);
    const runnerView = view(s, 'runner');
    expect(runnerView.corp.rdKnown?.map((k) => [k.position, k.card.code])).toEqual([[0, REGOLITH]]);
    expect(view(s, 'corp').corp.rdKnown).toBeUndefined();
    expect(view(s, 'spectator').corp.rdKnown).toBeUndefined();
    // A player who reloads, and a worker that gets only the view, lose nothing.
    expect(view(reload(s), 'runner')).toEqual(runnerView);
    for (let i = 0; i < 20; i++) {
      const d = netrunner.determinize(runnerView, 'runner', Rng.from(`rd:${i}`)) as Snap;
      expect(d.context.cards[d.context.corp.rd[0] as string]?.code).toBe(REGOLITH);
      expect(view(d, 'runner')).toEqual(runnerView);
    }
    // A shuffle of R&D ends it.
    const shuffled = edit(s, (g) => shuffleDeck(g, 'corp'));
    expect(view(shuffled, 'runner').corp.rdKnown).toBeUndefined();
    // So does the card moving (the Corp draws it): the Runner cannot follow it into HQ.
    const drawn = edit(s, (g) => moveCard(g, left.uid, { zone: 'hq' }));
    expect(view(drawn, 'runner').corp.rdKnown).toBeUndefined();
    expect(codes(view(drawn, 'runner').corp.hq)).toEqual([]);
  });

  it('HQ: the accessed card is remembered; once any card leaves HQ unseen, nothing there is', () => {
    const start = runnerActing({ corp: [REGOLITH, REGOLITH] });
    const { s, uid } = accessAndLeave(start, 'hq');
    const known = s.context.cards[uid]?.code as string;
    expect(codes(view(s, 'runner').corp.hq)).toEqual([known]);
    expect(codes(view(s, 'spectator').corp.hq)).toEqual([]);
    expect(
      view(s, 'corp')
        .corp.hq.filter((c) => c.opponentRemembers)
        .map((c) => c.id),
    ).toEqual([
      netrunner.view(s, 'corp').corp.hq.find((c) => c.code === known && c.opponentRemembers)?.id,
    ]);
    // The Corp installs, facedown in a new remote, the remembered card — or another one.
    const other = s.context.corp.hq.find((u) => u !== uid) as string;
    const installed = (card: string) =>
      edit(s, (g) => {
        g.servers['remote9'] = { id: 'remote9', ice: [], root: [] };
        g.serverOrder.push('remote9');
        moveCard(g, card, { zone: 'root', server: 'remote9' }, { faceUp: false });
      });
    const a = installed(uid);
    const b = installed(other);
    // The Runner cannot tell which: its views (handles included) are the same.
    expect(view(b, 'runner')).toEqual(view(a, 'runner'));
    expect(view(b, 'spectator')).toEqual(view(a, 'spectator'));
    expect(codes(view(b, 'runner').corp.hq)).toEqual([]);
  });

  describe('a card revealed into the grip (Mutual Favor)', () => {
    /** The install question after Mutual Favor found Mayfly (3 credits, a successful run). */
    function favorAsked(): Snap {
      let s = runnerActing({ runner: [MUTUAL_FAVOR, MAYFLY] }, (g) => {
        const of = (code: string) =>
          Object.values(g.cards).find((c) => c.code === code)?.uid as string;
        moveCard(g, of(MUTUAL_FAVOR), { zone: 'grip' });
        moveCard(g, of(MAYFLY), { zone: 'stack' }, { at: 'top' });
        g.runner.credits = 3;
        g.memory.successfulRunsOn = ['hq'];
      });
      s = act(s, 'runner', (a) => a.type === 'play' && a.code === MUTUAL_FAVOR);
      s = until(s, () => legal(s, 'runner').some((a) => a.type === 'choose' && a.key === MAYFLY));
      s = act(s, 'runner', (a) => a.type === 'choose' && a.key === MAYFLY);
      expect(legal(s, 'runner').map((a) => (a.type === 'choose' ? a.value : a.type))).toEqual([
        'install',
        'grip',
      ]);
      return s;
    }

    it('the Corp remembers it; the Runner knows the Corp does; a sample keeps it', () => {
      const s = favorAsked();
      expect(codes(view(s, 'corp').runner.grip)).toEqual([MAYFLY]);
      const own = view(s, 'runner').runner.grip.filter((c) => c.opponentRemembers);
      expect(codes(own)).toEqual([MAYFLY]);
      const runnerView = view(s, 'runner');
      for (let i = 0; i < 20; i++) {
        const d = netrunner.determinize(runnerView, 'runner', Rng.from(`own:${i}`), {
          resampleOwn: true,
        }) as Snap;
        const grip = d.context.runner.grip.map((u) => d.context.cards[u]?.code);
        expect(grip).toContain(MAYFLY);
      }
    });

    it('a Corp search can answer the Runner’s install question in every sampled world', () => {
      // Without the memory the Corp's samples put any grip card there (a Sure Gamble: "runner
      // cannot pay 5"), which is how a ladder game once threw inside a search.
      const s = favorAsked();
      const corpView = view(s, 'corp');
      for (let i = 0; i < 40; i++) {
        const d = netrunner.determinize(
          corpView,
          'corp',
          Rng.from(`corp:${i}`),
        ) as GameSnapshot<Game>;
        const install = netrunner
          .legalActions(d, 'runner')
          .find((a) => a.type === 'choose' && a.value === 'install');
        expect(install).toBeDefined();
        const after = applyAction(netrunner, d, 'runner', install as never) as Snap;
        const rig = after.context.runner.rig.map((u) => after.context.cards[u]?.code);
        expect(rig).toContain(MAYFLY);
        expect(rig).not.toContain(SURE_GAMBLE);
      }
    });
  });
});
