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
} from '../../testing/kit.js';

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
});
