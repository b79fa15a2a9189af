import { applyAction, newGame, type GameSnapshot } from '@veil/engine';
import { netrunner, type NetrunnerAction, type NetrunnerView } from '@veil/netrunner';
import { describe, expect, it } from 'vitest';
import {
  ACTION_GROUPS,
  actionButtons,
  humanize,
  labelContext,
  windowText,
  type Viewer,
} from './labels.js';

type Snapshot = GameSnapshot<Parameters<typeof netrunner.view>[0]['context']>;

/**
 * Views of real games: both seats play a fixed, varied policy (no randomness), and every
 * decider view along the way is collected.
 */
function deciderViews(seed: number, steps: number): { seat: Viewer; view: NetrunnerView }[] {
  let snapshot = newGame(netrunner, {}, seed) as Snapshot;
  const out: { seat: Viewer; view: NetrunnerView }[] = [];
  for (let i = 0; i < steps; i += 1) {
    const seat = netrunner.deciders(snapshot)[0];
    if (!seat) break;
    const view = netrunner.view(snapshot, seat);
    out.push({ seat, view });
    const actions = view.legalActions ?? [];
    const pick =
      actions.find((a) => a.type === 'run' && i % 3 === 0) ??
      actions.find((a) => a.type === 'install' && i % 2 === 0) ??
      actions.find((a) => a.type === 'rez' || a.type === 'use') ??
      actions[(i * 7) % actions.length];
    if (!pick) break;
    snapshot = applyAction(netrunner, snapshot, seat, pick) as Snapshot;
  }
  return out;
}

// With this policy the Runner is often flatlined early: enough games for a few hundred views.
const views = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].flatMap((seed) => deciderViews(seed, 400));

function handlesOf(view: NetrunnerView): string[] {
  return [...labelContext(view).cards.keys()];
}

describe('action labels', () => {
  it('label every legal action of real games readably, without handles', () => {
    expect(views.length).toBeGreaterThan(300);
    const types = new Set<string>();
    for (const { seat, view } of views) {
      const buttons = actionButtons(view, seat);
      expect(buttons).toHaveLength(view.legalActions?.length ?? 0);
      const handles = handlesOf(view);
      for (const b of buttons) {
        types.add(b.action.type);
        expect(b.label.length).toBeGreaterThan(0);
        expect(b.label).not.toMatch(/undefined|null|\[object/);
        for (const handle of handles) expect(b.label).not.toContain(handle);
        expect(ACTION_GROUPS).toContain(b.group);
        if (b.action.type === 'pass') expect(b.style).toBe('pass');
      }
      // Grouped in the order of ACTION_GROUPS.
      const ranks = buttons.map((b) => ACTION_GROUPS.indexOf(b.group));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
    for (const type of ['choose', 'pass', 'click-credit', 'click-draw', 'install', 'run']) {
      expect(types).toContain(type);
    }
  });

  it('name the cards the viewer sees and the servers', () => {
    const labels = views.flatMap(({ seat, view }) => actionButtons(view, seat).map((b) => b));
    const mulligan = labels.filter(
      (b) => b.action.type === 'choose' && b.action.kind === 'mulligan',
    );
    expect(mulligan.map((b) => b.label)).toContain('Keep this hand');
    expect(mulligan.map((b) => b.label)).toContain('Take a mulligan');
    const ice = labels.find(
      (b) => b.action.type === 'install' && b.action.server === 'hq' && /protecting/.test(b.label),
    );
    expect(ice?.label).toMatch(/^Install .+ protecting HQ$/);
    expect(ice?.code).toBeDefined();
    const runs = labels.filter((b) => b.action.type === 'run').map((b) => b.label);
    expect(runs).toContain('Run on R&D');
    expect(labels.find((b) => b.action.type === 'click-credit')?.label).toBe('Gain 1¢');
  });

  it('set "use now" apart from passing in a reaction window', () => {
    const base = views.find(({ view }) => view.windows.some((w) => w.status === 'open'));
    expect(base).toBeDefined();
    if (!base) return;
    const { view } = base;
    const window = view.windows.find((w) => w.status === 'open');
    if (!window) return;
    const server = view.servers[0];
    const rez: NetrunnerAction = { type: 'rez', card: 'h-test', code: '30072' };
    const pass: NetrunnerAction = { type: 'pass', window: window.id };
    const windowView: NetrunnerView = {
      ...view,
      decision: null,
      active: 'runner',
      windows: [{ ...window, kind: 'run-approach-ice' }],
      servers: server
        ? [{ ...server, ice: [{ id: 'h-test', rezzed: false, code: '30072', title: 'Palisade' }] }]
        : [],
      legalActions: [pass, rez],
    };
    const buttons = actionButtons(windowView, 'corp');
    expect(buttons.map((b) => [b.label, b.style, b.group])).toEqual([
      ['Rez Palisade (ice outermost protecting HQ)', 'react', 'Use now'],
      ['Pass', 'pass', 'Pass'],
    ]);
  });

  it('call the pass of an action window with no clicks left the end of the action phase', () => {
    const found = views.find(
      ({ seat, view }) =>
        view.active === seat &&
        view.windows.some((w) => w.status === 'open' && w.kind.endsWith('-action')) &&
        (view.legalActions ?? []).some((a) => a.type === 'pass'),
    );
    expect(found).toBeDefined();
    if (!found) return;
    const pass = actionButtons(found.view, found.seat).find((b) => b.action.type === 'pass');
    expect(pass?.label).toBe('End action phase');
  });

  it('humanize ids', () => {
    expect(humanize('jack-out')).toBe('Jack out');
    expect(humanize('sprint_return')).toBe('Sprint return');
  });
});

describe('action window prompt', () => {
  it('tells the other seat the active player has chosen its action, never which', () => {
    let s = newGame(netrunner, {}, 1) as Snapshot;
    // To the Corp's first action window.
    for (
      let i = 0;
      i < 20 && netrunner.view(s, 'corp').windows.at(-1)?.kind !== 'corp-action';
      i++
    ) {
      const seat = netrunner.deciders(s)[0];
      const action = seat && netrunner.legalActions(s, seat)[0];
      if (!seat || !action) break;
      s = applyAction(netrunner, s, seat, action) as Snapshot;
    }
    const view = netrunner.view(s, 'runner');
    const window = view.windows.at(-1);
    expect(window?.kind).toBe('corp-action');
    if (!window) return;
    expect(windowText(view, 'corp-action')).toBe("The Corp's action phase.");
    // The Corp has chosen (its pass is public) and the Runner is asked: the window as the Runner
    // then sees it (whether the rules ask a Runner with nothing to do is rules/public-skip.ts's).
    const held: NetrunnerView = { ...view, windows: [{ ...window, passed: ['corp'] }] };
    const text = windowText(held, 'corp-action');
    expect(text).toMatch(/^The Corp has chosen its next action/);
    expect(text).not.toMatch(/credit/i);
  });
});
