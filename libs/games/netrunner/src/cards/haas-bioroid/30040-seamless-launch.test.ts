import { describe, expect, it } from 'vitest';
import {
  can,
  choose,
  corpActing,
  handle,
  legal,
  playOperation,
  spawn,
  act,
  decisionKind,
} from '../../testing/kit.js';
import { netrunner } from '../../module.js';
import type { NetrunnerAction } from '../../actions/types.js';

const values = (s: Parameters<typeof legal>[0]) =>
  legal(s, 'corp').map((a) => (a.type === 'choose' ? a.value : ''));

describe('Seamless Launch', () => {
  it('places 2 advancement counters on an installed card not installed this turn', () => {
    let old = '';

    let fresh = '';
    const s = playOperation('30040', {}, (g) => {
      old = spawn(g, '30067', { zone: 'root', server: 'remote1' });
      fresh = spawn(g, '30067', { zone: 'root', server: 'remote2' });
      g.cards[fresh]!.installedTurn = g.turn;
    });
    const targets = legal(s, 'corp').map((a) => (a.type === 'choose' ? a.value : ''));
    expect(targets).toContain(handle(s, old, 'corp'));
    expect(targets).not.toContain(handle(s, fresh, 'corp'));
    expect(choose(s, 'corp', old, true).context.cards[old]?.counters.advancement).toBe(2);
  });

  it('places 2 advancement counters on 1 installed card not installed this turn', () => {
    let agenda = '';
    let s = playOperation('30040', {}, (g) => {
      agenda = spawn(g, '30067', { zone: 'root', server: 'remote1' });
    });
    expect(decisionKind(s)).toBe('30040:target');
    s = choose(s, 'corp', agenda, true);
    expect(s.context.cards[agenda]?.counters.advancement).toBe(2);
  });

  it('a card the Corp installed this turn is no target; with no target it cannot be played', () => {
    let op = '';
    let s = corpActing({}, (g) => {
      op = spawn(g, '30040', { zone: 'hq' });
      spawn(g, '30067', { zone: 'hq' });
    });
    expect(can(s, 'corp', { type: 'play', card: handle(s, op, 'corp') })).toBe(false);
    const fresh = s.context.corp.hq.find((u) => s.context.cards[u]?.code === '30067')!;
    s = act(s, 'corp', { type: 'install', card: handle(s, fresh, 'corp'), server: 'new' });
    expect(can(s, 'corp', { type: 'play', card: handle(s, op, 'corp') })).toBe(false);
  });

  it("rulings: a card that cannot be advanced, or the Runner's, may be chosen", () => {
    let ice = '';
    let program = '';
    const s = playOperation('30040', {}, (g) => {
      ice = spawn(g, '30072', { zone: 'ice', server: 'hq' });
      program = spawn(g, '30006', { zone: 'rig' });
    });
    expect(values(s)).toContain(handle(s, ice, 'corp'));
    expect(values(s)).toContain(handle(s, program, 'corp'));
    const after = choose(s, 'corp', program, true);
    expect(after.context.cards[program]?.counters.advancement).toBe(2);
  });

  it('a Runner card installed this turn was not installed by the Corp: a legal target', () => {
    let program = '';
    const s = playOperation('30040', {}, (g) => {
      program = spawn(g, '30006', { zone: 'rig' });
      g.cards[program]!.installedTurn = g.turn;
    });
    expect(values(s)).toEqual([handle(s, program, 'corp')]);
  });

  it('ruling: placing counters is not advancing ("when you advance" does not trigger)', () => {
    let agenda = '';
    let s = playOperation('30040', {}, (g) => {
      agenda = spawn(g, '30067', { zone: 'root', server: 'remote1' });
    });
    s = choose(s, 'corp', agenda, true);
    expect(s.context.log.some((e) => e.text.startsWith('Corp advances'))).toBe(false);
    expect(s.context.log.at(-1)?.text).toContain('places 2 advancement counters');
  });

  it('two halves: an unrezzed target keys by position for the Runner; logged by place', () => {
    let hidden = '';
    let rezzed = '';
    let s = playOperation('30040', {}, (g) => {
      hidden = spawn(g, '30067', { zone: 'root', server: 'remote1' });
      rezzed = spawn(g, '30037', { zone: 'root', server: 'remote2' }, { rezzed: true });
    });
    const options = legal(s, 'corp') as Extract<NetrunnerAction, { type: 'choose' }>[];
    const by = (uid: string) => options.find((a) => a.value === handle(s, uid, 'corp'))!;
    expect(netrunner.observedActionKey(by(hidden), 'corp', 'runner')).toBe(
      'seamless_target:remote1:root:0',
    );
    expect(netrunner.actionKey(by(hidden), 'corp')).toBe(
      'choose:30040:target:30067:remote1:root:0',
    );
    expect(netrunner.observedActionKey(by(rezzed), 'corp', 'runner')).toBe(
      'seamless_target:30037:remote2:root:0',
    );
    s = choose(s, 'corp', hidden, true);
    expect(netrunner.logView(s.context.log.at(-1)!, 'runner')?.text).toBe(
      'Seamless Launch places 2 advancement counters on a card in the root of Server 1.',
    );
  });
});
