import { describe, expect, it } from 'vitest';
import { mayActPublicly } from '../rules/public-skip.js';
import { corpActing, edit, runnerActing, spawn } from '../testing/kit.js';
import { checkHandsStayHidden } from './hand-perturb.js';

// A seat public facts leave nothing to do in a window passes it unasked (rules/public-skip.ts);
// what it holds in hand never decides that (docs/games/netrunner.md, "Skipped windows").
describe('windows skipped on public facts only', () => {
  it('the public trace is the same whatever a hidden hand holds (random games, every pairing)', () => {
    const reports = checkHandsStayHidden();
    for (const report of reports) {
      expect(report.statesChecked).toBeGreaterThanOrEqual(30);
      expect(report.perturbed).toBeGreaterThan(report.statesChecked / 2);
      expect(report.followed).toBeGreaterThan(0);
    }
  }, 180_000);

  it('an unrezzed card keeps the Corp in its rez windows, whatever it is', () => {
    const bare = corpActing();
    expect(mayActPublicly(bare.context, 'corp', 'runner-discard')).toBe(false);
    for (const code of ['30037', '30044']) {
      // Nico Campaign (an asset), Longevity Serum (an agenda): the same to the skip.
      const s = edit(bare, (g) => void spawn(g, code, { zone: 'root', server: 'remote1' }));
      expect(mayActPublicly(s.context, 'corp', 'runner-discard')).toBe(true);
      // No rez of non-ice while ice is encountered or passed.
      expect(mayActPublicly(s.context, 'corp', 'run-encounter')).toBe(false);
    }
  });

  it('unrezzed ice counts only when approached; a rezzed card only with a paid ability', () => {
    const s = edit(corpActing(), (g) => {
      spawn(g, '30072', { zone: 'ice', server: 'hq' });
      // Spin Doctor has a paid ability; a rezzed asset without one would not count.
      spawn(g, '30053', { zone: 'root', server: 'remote1' }, { rezzed: true });
    });
    expect(mayActPublicly(s.context, 'corp', 'corp-draw')).toBe(true);
    const plain = edit(corpActing(), (g) => {
      spawn(g, '30072', { zone: 'ice', server: 'hq' });
      spawn(g, '30037', { zone: 'root', server: 'remote1' }, { rezzed: true });
    });
    expect(mayActPublicly(plain.context, 'corp', 'corp-draw')).toBe(false);
  });

  it('the Runner counts breakers in its rig at encounters, and nothing in its grip', () => {
    const bare = runnerActing({}, (g) => void spawn(g, '30005', { zone: 'grip' }));
    expect(mayActPublicly(bare.context, 'runner', 'run-encounter')).toBe(false);
    const rigged = edit(bare, (g) => void spawn(g, '30005', { zone: 'rig' }));
    expect(mayActPublicly(rigged.context, 'runner', 'run-encounter')).toBe(true);
    // Breaking is for encounters only.
    expect(mayActPublicly(rigged.context, 'runner', 'corp-action')).toBe(false);
  });
});
