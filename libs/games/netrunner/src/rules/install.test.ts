import { describe, expect, it } from 'vitest';
import {
  act,
  can,
  choose,
  corpActing,
  decisionKind,
  edit,
  handle,
  legal,
  spawn,
} from '../testing/kit.js';

describe('Corp installs', () => {
  it('ice costs 1 credit per piece of ice already protecting the server', () => {
    let s = corpActing({}, (g) => {
      spawn(g, '30072', { zone: 'ice', server: 'hq' });
      spawn(g, '30073', { zone: 'ice', server: 'hq' });
    });
    let ice = '';
    s = edit(s, (g) => (ice = spawn(g, '30074', { zone: 'hq' })));
    const before = s.context.corp.credits;
    s = act(s, 'corp', { type: 'install', card: handle(s, ice, 'corp'), server: 'hq' });
    expect(decisionKind(s)).toBe('install-trash');
    s = choose(s, 'corp', 'done');
    expect(s.context.corp.credits).toBe(before - 2);
    expect(s.context.servers.hq?.ice.at(-1)).toBe(ice);
  });

  it('trashing ice while installing lowers the cost (the rules trash before paying)', () => {
    let old = '';
    let ice = '';
    let s = corpActing({}, (g) => {
      old = spawn(g, '30072', { zone: 'ice', server: 'rd' });
      ice = spawn(g, '30074', { zone: 'hq' });
    });
    const before = s.context.corp.credits;
    s = act(s, 'corp', { type: 'install', card: handle(s, ice, 'corp'), server: 'rd' });
    s = choose(s, 'corp', old, true);
    expect(s.context.corp.credits).toBe(before);
    expect(s.context.servers.rd?.ice).toEqual([ice]);
    expect(s.context.cards[old]?.loc.zone).toBe('archives');
    expect(s.context.cards[old]?.faceUp).toBe(false);
  });

  it('ice may be installed where it costs more than the Corp has: it trashes ice there until it can pay', () => {
    let ice = '';
    let s = corpActing({}, (g) => {
      spawn(g, '30072', { zone: 'ice', server: 'hq' });
      spawn(g, '30073', { zone: 'ice', server: 'hq' });
      ice = spawn(g, '30074', { zone: 'hq' });
      g.corp.credits = 1;
    });
    s = act(s, 'corp', { type: 'install', card: handle(s, ice, 'corp'), server: 'hq' });
    const values = () => legal(s, 'corp').map((a) => (a.type === 'choose' ? a.value : a.type));
    // Two pieces of ice cost 2: no `done` until one is trashed.
    expect(values()).not.toContain('done');
    const [first] = s.context.servers.hq?.ice ?? [];
    s = choose(s, 'corp', first as string, true);
    expect(values()).toContain('done');
    s = choose(s, 'corp', 'done');
    expect(s.context.corp.credits).toBe(0);
    expect(s.context.servers.hq?.ice).toHaveLength(2);
    expect(s.context.servers.hq?.ice.at(-1)).toBe(ice);
  });

  it('an agenda or asset in a remote replaces the one there; upgrades and agendas go in roots', () => {
    let asset = '';
    let agenda = '';
    let s = corpActing({}, (g) => {
      asset = spawn(g, '30071', { zone: 'root', server: 'remote1' });
      agenda = spawn(g, '30067', { zone: 'hq' });
    });
    expect(can(s, 'corp', { type: 'install', card: handle(s, agenda, 'corp'), server: 'hq' })).toBe(
      false,
    );
    s = act(s, 'corp', { type: 'install', card: handle(s, agenda, 'corp'), server: 'remote1' });
    expect(s.context.servers.remote1?.root).toEqual([agenda]);
    expect(s.context.cards[asset]?.loc.zone).toBe('archives');
  });

  it('a new remote is created; an empty remote ceases to exist', () => {
    let asset = '';
    let s = corpActing({}, (g) => (asset = spawn(g, '30071', { zone: 'hq' })));
    s = act(s, 'corp', { type: 'install', card: handle(s, asset, 'corp'), server: 'new' });
    expect(s.context.serverOrder).toContain('remote1');
    expect(s.context.cards[asset]?.loc).toEqual({ zone: 'root', server: 'remote1' });
    expect(s.context.cards[asset]?.rezzed).toBe(false);
  });
});
