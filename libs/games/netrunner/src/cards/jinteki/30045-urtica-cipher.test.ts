import { describe, expect, it } from 'vitest';
import {
  act,
  can,
  corpActing,
  handle,
  run,
  runnerActing,
  spawn,
  until,
  decisionKind,
} from '../../testing/kit.js';

function accessUrtica(advancements: number, zone: 'root' | 'hq' = 'root') {
  let s = runnerActing({}, (g) => {
    const u =
      zone === 'root'
        ? spawn(g, '30045', { zone: 'root', server: 'remote1' })
        : spawn(g, '30045', { zone: 'hq' });
    g.cards[u]!.counters = { advancement: advancements };
    if (zone === 'hq') g.corp.hq = [u];
  });
  const grip = s.context.runner.grip.length;
  s = run(s, zone === 'root' ? 'remote1' : 'hq');
  s = until(s, (x) => decisionKind(x) === 'access' || x.context.run === null);
  return { s, grip };
}

describe('Urtica Cipher', () => {
  it('ruling: can be advanced even while unrezzed', () => {
    let u = '';
    const s = corpActing({}, (g) => {
      u = spawn(g, '30045', { zone: 'root', server: 'remote1' });
    });
    expect(can(s, 'corp', { type: 'advance', card: handle(s, u, 'corp') })).toBe(true);
    const after = act(s, 'corp', { type: 'advance', card: handle(s, u, 'corp') });
    expect(after.context.cards[u]?.counters.advancement).toBe(1);
  });

  it('accessed while installed: 2 net damage plus 1 per advancement counter', () => {
    const { s, grip } = accessUrtica(2);
    expect(s.context.runner.grip.length).toBe(grip - 4);
  });

  it('ruling: 2 net damage with no advancement counters', () => {
    const { s, grip } = accessUrtica(0);
    expect(s.context.runner.grip.length).toBe(grip - 2);
  });

  it('not installed (accessed in HQ): no damage', () => {
    const { s, grip } = accessUrtica(0, 'hq');
    expect(s.context.runner.grip.length).toBe(grip);
  });
});
