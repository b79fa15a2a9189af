import { describe, expect, it } from 'vitest';
import {
  act,
  choose,
  corpActing,
  handle,
  spawn,
  can,
  legal,
  type Snap,
} from '../../testing/kit.js';
import { netrunner } from '../../module.js';
import type { Game } from '../../state/types.js';

function withDoctor(
  arrange: (g: Game) => void = () => {},
  rezzed = true,
): { s: Snap; doc: string } {
  let doc = '';
  const s = corpActing({}, (g) => {
    doc = spawn(g, '30053', { zone: 'root', server: 'remote1' }, { rezzed });
    arrange(g);
  });
  return { s, doc };
}

const remove = (s: Snap, doc: string) => ({
  type: 'use' as const,
  card: handle(s, doc, 'corp'),
  ability: 'remove',
});

describe('Spin Doctor', () => {
  it('draws 2 when rezzed', () => {
    let asset = '';

    let s = corpActing({}, (g) => (asset = spawn(g, '30053', { zone: 'root', server: 'remote1' })));
    const hand = s.context.corp.hq.length;
    s = act(s, 'corp', { type: 'rez', card: handle(s, asset, 'corp') });
    expect(s.context.corp.hq).toHaveLength(hand + 2);
  });

  it('removes itself from the game to shuffle up to 2 cards from Archives into R&D', () => {
    let asset = '';
    let a = '';
    let s = corpActing({}, (g) => {
      asset = spawn(g, '30053', { zone: 'root', server: 'remote1' }, { rezzed: true });
      a = spawn(g, '30072', { zone: 'archives' });
      spawn(g, '30073', { zone: 'archives' });
      spawn(g, '30074', { zone: 'archives' });
    });
    const rd = s.context.corp.rd.length;
    s = act(s, 'corp', { type: 'use', card: handle(s, asset, 'corp'), ability: 'remove' });
    expect(s.context.cards[asset]?.loc.zone).toBe('removed');
    s = choose(s, 'corp', a, true);
    s = choose(s, 'corp', s.context.corp.archives[0] ?? '', true);
    expect(s.context.corp.rd).toHaveLength(rd + 2);
    expect(s.context.corp.archives).toHaveLength(1);
    expect(s.context.cards[a]?.loc.zone).toBe('rd');
  });

  it('ruling: with an empty Archives it may still be used, to shuffle R&D', () => {
    const { s, doc } = withDoctor((g) => (g.corp.archives = []));
    const used = act(s, 'corp', remove(s, doc));
    expect(legal(used, 'corp').map((a) => (a.type === 'choose' ? a.value : ''))).toEqual(['done']);
    const done = choose(used, 'corp', 'done');
    expect(done.context.cards[doc]?.loc.zone).toBe('removed');
    expect(done.context.log.some((e) => e.text === 'Corp shuffles R&D.')).toBe(true);
  });

  it('ruling: but not with fewer than 2 cards in R&D and nothing in Archives', () => {
    const { s, doc } = withDoctor((g) => {
      g.corp.archives = [];
      g.corp.rd = g.corp.rd.slice(0, 1);
    });
    expect(can(s, 'corp', remove(s, doc))).toBe(false);
  });

  it('only while rezzed', () => {
    const { s, doc } = withDoctor(() => {}, false);
    expect(can(s, 'corp', remove(s, doc))).toBe(false);
  });

  it('ruling (Malcolm Tucker): no game effect to implement', () => {
    const { s, doc } = withDoctor();
    expect(can(s, 'corp', remove(s, doc))).toBe(true);
  });

  it('pins both key halves: a facedown Archives card is hidden, a faceup one public', () => {
    let down = '';
    let up = '';
    const { s, doc } = withDoctor((g) => {
      g.corp.archives = [];
      down = spawn(g, '30075', { zone: 'archives' });
      up = spawn(g, '30072', { zone: 'archives' });
      g.cards[up]!.faceUp = true;
    });
    const used = act(s, 'corp', remove(s, doc));
    const keyOf = (uid: string) => {
      const a = legal(used, 'corp').find(
        (x) => x.type === 'choose' && x.value === handle(used, uid, 'corp'),
      );
      if (!a) throw new Error('missing option');
      return [netrunner.actionKey(a, 'corp'), netrunner.observedActionKey(a, 'corp', 'runner')];
    };
    expect(keyOf(down)).toEqual(['choose:30053:shuffle:30075', 'choose:30053:shuffle']);
    expect(keyOf(up)).toEqual(['choose:30053:shuffle:30072', 'choose:30053:shuffle:30072']);
    const moved = choose(used, 'corp', down, true);
    const line = moved.context.log.find((e) => e.text.includes('from Archives to R&D'));
    expect(line?.cards[0]?.seenBy).toEqual(['corp']);
  });
});
