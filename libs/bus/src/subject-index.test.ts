import { describe, expect, it } from 'vitest';
import { SubjectIndex } from './subject-index.js';
import { subjectMatches } from './subjects.js';

const PATTERNS = [
  'a.b.c',
  'a.*.c',
  'a.>',
  '>',
  '*',
  '*.b.>',
  'a*',
  'a.b>',
  'veil.room.r-1.cmd',
  'veil.room.*.view.*',
  'veil.room.r-1.view.corp',
  'veil.room.r-2.>',
  'a.b.c', // a second subscription on the same subject
];
const SUBJECTS = [
  'a',
  'a.b',
  'a.b.c',
  'a.x.c',
  'a.b.c.d',
  'ab.c',
  'a*',
  'a.b>',
  'a.bc',
  'x.b.y',
  'veil.room.r-1.cmd',
  'veil.room.r-1.view.corp',
  'veil.room.r-2.view.runner',
  'veil.room.r-3.view.spectator',
  'veil.room.r-2',
];

/** Each pattern as its own subscription, tagged with its place in `PATTERNS`. */
function indexOf(patterns: readonly string[]): SubjectIndex<string> {
  const index = new SubjectIndex<string>();
  patterns.forEach((pattern, i) => index.add(pattern, `${i}:${pattern}`));
  return index;
}

describe('SubjectIndex', () => {
  it.each(SUBJECTS)(
    'finds exactly the patterns subjectMatches accepts for %s: the subject itself first, then the wildcard ones, each in order',
    (subject) => {
      const matching = PATTERNS.map((pattern, i) => `${i}:${pattern}`).filter((_, i) =>
        subjectMatches(PATTERNS[i] as string, subject),
      );
      const own = matching.filter((tagged) => tagged.endsWith(`:${subject}`));
      const wildcard = matching.filter((tagged) => !tagged.endsWith(`:${subject}`));
      expect(indexOf(PATTERNS).match(subject)).toEqual([...own, ...wildcard]);
    },
  );

  it('forgets a removed subscription and keeps the others on the same subject', () => {
    const index = indexOf(PATTERNS);
    index.remove('a.b.c', '0:a.b.c');
    index.remove('a.>', '2:a.>');
    index.remove('veil.room.*.view.*', '9:veil.room.*.view.*');
    expect(index.match('a.b.c')).toEqual(['12:a.b.c', '1:a.*.c', '3:>', '5:*.b.>']);
    expect(index.match('veil.room.r-3.view.spectator')).toEqual(['3:>']);
    expect(index.size).toBe(PATTERNS.length - 3);
  });

  it('ignores removing what is not there', () => {
    const index = indexOf(['a.b']);
    index.remove('a.b', 'other');
    index.remove('a.c', '0:a.b');
    index.remove('x.>', '0:a.b');
    expect(index.match('a.b')).toEqual(['0:a.b']);
  });

  it('leaves nothing behind once every subscription is removed', () => {
    const index = new SubjectIndex<string>();
    for (let room = 0; room < 100; room++) {
      index.add(`veil.room.r-${room}.cmd`, `cmd-${room}`);
      index.add(`veil.room.r-${room}.view.*`, `view-${room}`);
    }
    index.add('veil.room.*.>', 'gateway');
    // veil, room, r-0…r-99, view, * under each; and * under room.
    expect(index.tokenNodes).toBe(2 + 100 * 3 + 1);
    index.remove('veil.room.*.>', 'gateway');
    for (let room = 0; room < 100; room++) {
      index.remove(`veil.room.r-${room}.cmd`, `cmd-${room}`);
      index.remove(`veil.room.r-${room}.view.*`, `view-${room}`);
    }
    expect(index.tokenNodes).toBe(0);
    expect(index.size).toBe(0);
    expect(index.match('veil.room.r-7.cmd')).toEqual([]);
    expect(index.match('veil.room.r-7.view.corp')).toEqual([]);
  });
});
