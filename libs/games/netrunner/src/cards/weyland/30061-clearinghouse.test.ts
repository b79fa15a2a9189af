import { describe, expect, it } from 'vitest';
import {
  act,
  acting,
  choose,
  corpActing,
  decisionKind,
  handle,
  spawn,
  until,
  legal,
  type Snap,
} from '../../testing/kit.js';
import { netrunner } from '../../module.js';
import type { Game } from '../../state/types.js';

/** Plays on from the Corp's first turn to the start of its second. */
function nextCorpTurn(arrange: (g: Game) => void): Snap {
  let s = corpActing({}, arrange);
  for (let i = 0; i < 3; i++) s = act(s, 'corp', { type: 'click-credit' });
  s = until(s, acting('runner'));
  for (let i = 0; i < 4; i++) s = act(s, 'runner', { type: 'click-credit' });
  return until(s, (x) => decisionKind(x) === '30061:fire' || acting('corp')(x));
}

describe('Clearinghouse', () => {
  it('can be advanced while unrezzed', () => {
    let asset = '';

    const s = corpActing(
      {},
      (g) => (asset = spawn(g, '30061', { zone: 'root', server: 'remote1' })),
    );
    const after = act(s, 'corp', { type: 'advance', card: handle(s, asset, 'corp') });
    expect(after.context.cards[asset]?.counters.advancement).toBe(1);
  });

  it('when the Corp turn begins, may trash itself: 1 meat damage per advancement counter', () => {
    let asset = '';
    let s = corpActing({}, (g) => {
      asset = spawn(g, '30061', { zone: 'root', server: 'remote1' }, { rezzed: true });
      g.cards[asset]!.counters = { advancement: 2 };
    });
    for (let i = 0; i < 3; i++) s = act(s, 'corp', { type: 'click-credit' });
    s = until(s, acting('runner'));
    for (let i = 0; i < 4; i++) s = act(s, 'runner', { type: 'click-credit' });
    s = until(s, (x) => decisionKind(x) === '30061:fire');
    const grip = s.context.runner.grip.length;
    s = choose(s, 'corp', 'yes');
    expect(s.context.runner.grip).toHaveLength(grip - 2);
    expect(s.context.cards[asset]?.loc.zone).toBe('archives');
  });

  it('unrezzed, its "when your turn begins" ability is not active', () => {
    let asset = '';
    const s = nextCorpTurn((g) => {
      asset = spawn(g, '30061', { zone: 'root', server: 'remote1' });
      g.cards[asset]!.counters = { advancement: 2 };
    });
    expect(acting('corp')(s)).toBe(true);
    expect(s.context.cards[asset]?.loc.zone).toBe('root');
  });

  it('the Corp may decline; with no counters it does no damage', () => {
    let asset = '';
    const s = nextCorpTurn((g) => {
      asset = spawn(g, '30061', { zone: 'root', server: 'remote1' }, { rezzed: true });
    });
    expect(decisionKind(s)).toBe('30061:fire');
    expect(choose(s, 'corp', 'no').context.cards[asset]?.loc.zone).toBe('root');
    const grip = s.context.runner.grip.length;
    const fired = choose(s, 'corp', 'yes');
    expect(fired.context.cards[asset]?.loc.zone).toBe('archives');
    expect(fired.context.runner.grip).toHaveLength(grip);
  });

  it('pins both key halves: public', () => {
    const s = nextCorpTurn((g) => {
      spawn(g, '30061', { zone: 'root', server: 'remote1' }, { rezzed: true });
    });
    const keys = legal(s, 'corp').map((a) => [
      netrunner.actionKey(a, 'corp'),
      netrunner.observedActionKey(a, 'corp', 'runner'),
    ]);
    expect(keys).toEqual([
      ['choose:30061:fire:no', 'choose:30061:fire:no'],
      ['choose:30061:fire:yes', 'choose:30061:fire:yes'],
    ]);
  });
});
