import { newGame, applyAction, type GameSnapshot } from '@veil/engine';
import { playRandom } from '@veil/engine/testing';
import { netrunner, type NetrunnerAction, type NetrunnerView } from '@veil/netrunner';
import { describe, expect, it } from 'vitest';
import { cheapestBreak, nextBreakStep, planFor } from './break-plan.js';
import { actedOn, groupActions, groupCopies, tableActions } from './card-menu.js';
import { actionButtons, costText } from './labels.js';

type Snapshot = GameSnapshot<Parameters<typeof netrunner.view>[0]['context']>;

describe('card menus', () => {
  it('group identical copies, in the order each first appears', () => {
    const a1 = { id: 'h1', code: '30001', title: 'A' };
    const b1 = { id: 'h2', code: '30002', title: 'B' };
    const a2 = { id: 'h3', code: '30001', title: 'A' };
    const back1 = { id: 'h4' };
    const back2 = { id: 'h5' };
    expect(groupCopies([a1, b1, a2, back1, back2])).toEqual([[a1, a2], [b1], [back1, back2]]);
    const play = actionButtons(
      { ...corpStart(), legalActions: [{ type: 'play', card: 'h3', code: '30001' }] },
      'corp',
    );
    // The group offers the actions of its first copy that has any.
    expect(groupActions([a1, a2], new Map([['h3', play]])).card).toBe(a2);
  });

  it('put every card action on its card and everything else in the prompt', () => {
    const corp = corpActionView();
    const { byCard, general } = tableActions(corp, 'corp');
    const hand = new Set(corp.corp.hq.map((c) => c.id));
    expect(byCard.size).toBeGreaterThan(0);
    for (const [handle, list] of byCard) {
      expect(
        hand.has(handle) || corp.servers.some((s) => s.root.some((c) => c.id === handle)),
      ).toBe(true);
      for (const b of list) expect(actedOn(b.action)).toBe(handle);
    }
    expect(general.map((b) => b.action.type)).toContain('click-credit');
    for (const b of general) expect(actedOn(b.action)).toBeUndefined();
    expect(byCard.size + general.length).toBeLessThanOrEqual(corp.legalActions?.length ?? 0);
  });

  it('show a cost on every action that has one, in clicks and credits', () => {
    const cost = (clicks: number, credits: number) => ({ cost: { clicks, credits } });
    const install: NetrunnerAction = { type: 'install', card: 'h', code: '30001' };
    expect(costText(install, cost(1, 2))).toBe('1 click, 2¢');
    expect(costText({ type: 'purge' }, cost(3, 0))).toBe('3 clicks');
    expect(costText({ type: 'rez', card: 'h', code: '1' }, cost(0, 0))).toBe('free');
    expect(costText({ type: 'pass', window: 1 }, cost(0, 0))).toBe('');
    // Over real games every non-pass, non-choice action carries a cost.
    for (const snapshot of playRandom(netrunner, {}, 3, 600).snapshots) {
      for (const seat of ['corp', 'runner'] as const) {
        for (const b of actionButtons(netrunner.view(snapshot, seat), seat)) {
          const bare = b.action.type === 'pass' || b.action.type === 'choose';
          expect(b.cost === '', `${b.label}: "${b.cost}"`).toBe(bare);
        }
      }
    }
  });

  it('make "continue the run" and "steal" primary, and "jack out" not', () => {
    const view = corpStart();
    const choose = (kind: string, value: string): NetrunnerAction => ({
      type: 'choose',
      decision: 1,
      kind,
      value,
      key: value,
      public: true,
    });
    const styles = actionButtons(
      {
        ...view,
        legalActions: [
          choose('jack-out', 'continue'),
          choose('jack-out', 'jack-out'),
          choose('access', 'continue'),
        ],
      },
      'runner',
    ).map((b) => [b.label, b.style]);
    expect(styles).toEqual([
      ['Continue the run', 'primary'],
      ['Jack out', 'plain'],
      ['Continue', 'primary'],
    ]);
  });
});

describe('match strength and break all', () => {
  const breaker = (strength: number, pump: [number, number] | null, upTo: number, credits = 1) => ({
    card: 'hb',
    strength,
    breaks: { ability: 'break', upTo, credits },
    pump: pump ? { ability: 'pump', strength: pump[0], credits: pump[1] } : null,
  });
  const encounter = (strength: number, subs: number, broken = 0): NetrunnerView => {
    const base = corpStart();
    return {
      ...base,
      runner: { ...base.runner, credits: 10 },
      run: {
        server: 'hq',
        step: 'encounter',
        position: 0,
        encounter: {
          ice: 'hi',
          strength,
          subroutines: Array.from({ length: subs }, (_, i) => ({
            label: 'End the run.',
            broken: i < broken,
          })),
        },
        accessed: 0,
        successful: false,
        ending: false,
      },
    };
  };

  it('plans the pumps to the ice strength, then as few breaks as cover the subroutines', () => {
    // Strength 1 against 4, +2 per 3¢ pump: 2 pumps (6¢); 3 subroutines, 2 per 1¢ use: 2 breaks.
    expect(planFor(encounter(4, 3), breaker(1, [2, 3], 2))).toEqual({
      breaker: 'hb',
      pumps: 2,
      breaks: 2,
      credits: 8,
    });
    // Already strong enough, one subroutine left of two.
    expect(planFor(encounter(2, 2, 1), breaker(3, [1, 1], 1))).toMatchObject({
      pumps: 0,
      breaks: 1,
      credits: 1,
    });
    // No pump and too weak: no plan.
    expect(planFor(encounter(5, 1), breaker(1, null, 1))).toBeNull();
  });

  it('offers the cheapest plan the Runner can pay for', () => {
    const view: NetrunnerView = {
      ...encounter(3, 2),
      breakers: [
        { ...breaker(0, [1, 2], 1), card: 'dear' }, // 3 pumps 6¢ + 2 breaks 2¢ = 8¢
        { ...breaker(2, [2, 1], 2, 2), card: 'cheap' }, // 1 pump 1¢ + 1 break 2¢ = 3¢
      ],
      legalActions: ['dear', 'cheap'].map((card) => ({
        type: 'use',
        card,
        code: '30005',
        ability: 'pump',
      })),
    };
    expect(cheapestBreak(view)).toMatchObject({ breaker: 'cheap', credits: 3 });
    const poor = { ...view, runner: { ...view.runner, credits: 2 } };
    expect(cheapestBreak(poor)).toBeNull();
    // Credits placed for this run (Overclock's) count: 2¢ in the pool and 1¢ on the run pay 3¢.
    const run = poor.run && { ...poor.run, runCredits: 1 };
    expect(cheapestBreak({ ...poor, run })).toMatchObject({ breaker: 'cheap', credits: 3 });
    // Not while the first step is not a legal action (a decision at the encounter's start).
    expect(cheapestBreak({ ...view, legalActions: [] })).toBeNull();
  });

  it('steps through legal actions: pump while weaker, then the widest break', () => {
    const use = (ability: string, subs?: number[]): NetrunnerAction => ({
      type: 'use',
      card: 'hb',
      code: '30005',
      ability,
      ...(subs ? { subs } : {}),
    });
    const weak: NetrunnerView = {
      ...encounter(3, 2),
      breakers: [breaker(1, [1, 1], 2)],
      legalActions: [use('pump'), { type: 'pass', window: 1 }],
    };
    expect(nextBreakStep(weak, 'hb')).toEqual(use('pump'));
    const strong: NetrunnerView = {
      ...weak,
      breakers: [breaker(3, [1, 1], 2)],
      legalActions: [use('pump'), use('break', [0]), use('break', [0, 1]), use('break', [1])],
    };
    expect(nextBreakStep(strong, 'hb')).toEqual(use('break', [0, 1]));
    expect(nextBreakStep(encounter(3, 2, 2), 'hb')).toBeNull();
  });

  it('breaks every subroutine of real encounters for the planned total', () => {
    let done = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      for (const start of playRandom(netrunner, {}, seed, 1500).snapshots as Snapshot[]) {
        const view = netrunner.view(start, 'runner');
        const plan = view.legalActions ? cheapestBreak(view) : null;
        if (!plan) continue;
        let s = start;
        let credits = view.runner.credits;
        for (let i = 0; i < 40; i += 1) {
          // The Corp may get priority between the steps: it passes (the plan waits).
          if (netrunner.deciders(s)[0] === 'corp') {
            const pass = netrunner.legalActions(s, 'corp').find((a) => a.type === 'pass');
            if (!pass) break;
            s = applyAction(netrunner, s, 'corp', pass) as Snapshot;
            continue;
          }
          const step = nextBreakStep(netrunner.view(s, 'runner'), plan.breaker);
          if (!step) break;
          s = applyAction(netrunner, s, 'runner', step) as Snapshot;
        }
        const after = netrunner.view(s, 'runner');
        credits -= after.runner.credits;
        expect(after.run?.encounter?.subroutines.every((x) => x.broken)).toBe(true);
        expect(credits).toBe(plan.credits);
        done += 1;
      }
    }
    expect(done).toBeGreaterThan(0);
  });
});

function corpStart(): NetrunnerView {
  return netrunner.view(newGame(netrunner, {}, 5), 'corp');
}

/** The Corp's first action window of a seeded game (both keep their hands). */
function corpActionView(): NetrunnerView {
  let s = newGame(netrunner, {}, 5) as Snapshot;
  for (let i = 0; i < 10; i += 1) {
    const view = netrunner.view(s, 'corp');
    if (view.legalActions?.some((a) => a.type === 'click-credit')) return view;
    const seat = netrunner.deciders(s)[0];
    const keep =
      seat &&
      netrunner.legalActions(s, seat).find((a) => a.type === 'choose' && a.value === 'keep');
    const action = keep ?? (seat ? netrunner.legalActions(s, seat)[0] : undefined);
    if (!seat || !action) break;
    s = applyAction(netrunner, s, seat, action) as Snapshot;
  }
  throw new Error('no Corp action window');
}
