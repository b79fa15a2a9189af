import { describe, expect, it } from 'vitest';
import { applyAction, applyPolicy, Rng } from '@veil/engine';
import { observe } from '@veil/engine/testing';
import { netrunner } from '../module.js';
import { act, corpActing, deciders, handle, legal, runnerActing, spawn } from '../testing/kit.js';
import type { Snap } from '../testing/kit.js';
import type { Side, Viewer } from '../state/types.js';

/** An unrezzed asset in a remote: the Corp may rez it, so it is asked where it stops. */
function withAsset(g: Snap['context']): string {
  return spawn(g, '30037', { zone: 'root', server: 'remote1' });
}

/** `seat` stops in the active player's next action window (its first one is taken now). */
function stopping(s: Snap, seat: Side, kind: string): Snap {
  const next = applyPolicy(netrunner, s, seat, kind, 'stop') as Snap;
  const active = s.context.active;
  const after = act(next, active, { type: 'click-credit' });
  expect(deciders(after)).toEqual([active]);
  return after;
}

// CR 5.6.2a / 5.7.1e: the paid ability window before each action is led by the active player;
// its action is taken once both have passed in succession (rules/windows.ts).
describe('action windows', () => {
  it('the active player has priority first; its action waits for the other seat to pass', () => {
    let s = applyPolicy(
      netrunner,
      runnerActing({}, (g) => void withAsset(g)),
      'corp',
      'runner-action',
      'stop',
    ) as Snap;
    // A policy holds from the next window of its kind on.
    s = act(s, 'runner', { type: 'click-credit' });
    expect(s.context.pauses.windows.at(-1)?.participants).toEqual(['runner', 'corp']);
    expect(deciders(s)).toEqual(['runner']);
    const { credits, clicks } = s.context.runner;
    s = act(s, 'runner', { type: 'click-credit' });
    // Held: nothing happened yet, the Corp has priority.
    expect(s.context.runner).toMatchObject({ credits, clicks });
    expect(deciders(s)).toEqual(['corp']);
    expect(legal(s, 'corp').map((a) => a.type)).toEqual(['pass', 'rez']);
    s = act(s, 'corp', { type: 'pass' });
    expect(s.context.runner).toMatchObject({ credits: credits + 1, clicks: clicks - 1 });
    expect(s.context.held).toBeNull();
    expect(deciders(s)).toEqual(['runner']);
  });

  it('a seat public facts leave nothing to do is not asked, whatever its policy', () => {
    // The Runner has no paid ability in sight (nothing installed): its `stop` changes nothing.
    let s = applyPolicy(netrunner, corpActing(), 'runner', 'corp-action', 'stop') as Snap;
    s = act(s, 'corp', { type: 'click-credit' });
    const { credits } = s.context.corp;
    s = act(s, 'corp', { type: 'click-credit' });
    expect(s.context.corp.credits).toBe(credits + 1);
    expect(deciders(s)).toEqual(['corp']);
    expect(s.context.pauses.windows.at(-1)?.autoPassed).toEqual(['runner']);
  });

  it('with the default policy the other seat auto-passes and the action is taken at once', () => {
    let s = corpActing();
    const { credits } = s.context.corp;
    s = act(s, 'corp', { type: 'click-credit' });
    expect(s.context.corp.credits).toBe(credits + 1);
    expect(deciders(s)).toEqual(['corp']);
  });

  it('a paid ability of the other seat drops the held action unseen; the active player chooses again', () => {
    let asset = '';
    let s = runnerActing({}, (g) => {
      asset = withAsset(g);
      // A second one, still unrezzed after the first is rezzed: the Corp keeps a reason to act.
      spawn(g, '30037', { zone: 'root', server: 'remote2' });
      g.corp.credits = 10;
    });
    s = stopping(s, 'corp', 'runner-action');
    const { credits, clicks } = s.context.runner;
    const logged = netrunner.log(s).length;
    s = act(s, 'runner', { type: 'click-credit' });
    expect(deciders(s)).toEqual(['corp']);
    s = act(s, 'corp', { type: 'rez', card: handle(s, asset, 'corp') });
    expect(s.context.cards[asset]?.rezzed).toBe(true);
    expect(s.context.held).toBeNull();
    expect(s.context.runner).toMatchObject({ credits, clicks });
    // The Corp used an ability: it keeps priority, then the Runner chooses again.
    expect(deciders(s)).toEqual(['corp']);
    s = act(s, 'corp', { type: 'pass' });
    expect(deciders(s)).toEqual(['runner']);
    expect(legal(s, 'runner').some((a) => a.type === 'click-credit')).toBe(true);
    // The only new line is the rez: nothing tells of the dropped action.
    const lines = netrunner.log(s).slice(logged);
    expect(lines.map((e) => netrunner.logView(e, 'corp')?.text)).toEqual([
      expect.stringMatching(/^Corp rezzes/),
    ]);
  });

  it('which action the active player holds changes nothing the other seat or a spectator observes', () => {
    const base = stopping(
      runnerActing({}, (g) => void withAsset(g)),
      'corp',
      'runner-action',
    );
    const holding = [
      act(base, 'runner', { type: 'click-credit' }),
      act(base, 'runner', { type: 'click-draw' }),
      act(base, 'runner', { type: 'run', server: 'hq' }),
      act(base, 'runner', (a) => a.type === 'play' || a.type === 'install'),
    ];
    const held = new Set(holding.map((s) => JSON.stringify(s.context.held)));
    expect(held.size).toBe(holding.length);
    for (const viewer of ['corp', 'spectator'] as Viewer[]) {
      const seen = holding.map((s) => observe(netrunner, s, viewer));
      for (const other of seen.slice(1)) expect(other).toEqual(seen[0]);
    }
  });

  it("a sample from the other seat's view holds no action; after its pass the active player chooses again", () => {
    const s = act(
      stopping(
        runnerActing({}, (g) => void withAsset(g)),
        'corp',
        'runner-action',
      ),
      'runner',
      {
        type: 'click-credit',
      },
    );
    const sample = netrunner.determinize(netrunner.view(s, 'corp'), 'corp', Rng.from('held'));
    expect(sample.context.held).toBeNull();
    expect(deciders(sample)).toEqual(['corp']);
    const pass = legal(sample, 'corp').find((a) => a.type === 'pass');
    if (!pass) throw new Error('no pass');
    const after = applyAction(netrunner, sample, 'corp', pass) as Snap;
    expect(after.context.runner.clicks).toBe(s.context.runner.clicks);
    expect(deciders(after)).toEqual(['runner']);
    expect(legal(after, 'runner').some((a) => a.type === 'click-credit')).toBe(true);
  });

  it("the other seat's search key of a held action is a pass; of an action taken at once, the action", () => {
    const stop = stopping(
      runnerActing({}, (g) => void withAsset(g)),
      'corp',
      'runner-action',
    );
    const auto = runnerActing();
    const run = legal(stop, 'runner').find((a) => a.type === 'run');
    if (run?.type !== 'run') throw new Error('no run');
    expect(netrunner.observedActionKey(run, 'runner', 'corp', stop)).toBe('pass');
    expect(netrunner.observedActionKey(run, 'runner', 'corp', auto)).toBe(`run:${run.server}`);
    // The actor's own key is unchanged.
    expect(netrunner.observedActionKey(run, 'runner', 'runner', stop)).toBe(`run:${run.server}`);
  });
});
