import { describe, expect, it } from 'vitest';
import { applyAction } from '@veil/engine';
import { netrunner } from '../module.js';
import { deciders, edit, encountering, legal, spawn, type Snap } from '../testing/kit.js';
import { swapIce } from './swap-ice.js';

/**
 * CR: when the piece of ice the Runner is approaching or encountering moves (here: swapped, as
 * Tāo Salonga swaps), the Runner's position moves with it, and the run goes on against the
 * server that ice now protects. (Cases written from the rules, not from this implementation.)
 */
const TITHE = '30073';
const PALISADE = '30072';
/** A decoder, useless against these: in sight, it has the Runner asked at each encounter. */
const BUZZSAW = '30005';

function toRunEnd(s: Snap): Snap {
  for (let i = 0; i < 80 && s.context.run; i++) {
    const seat = deciders(s)[0];
    if (!seat) throw new Error('nobody decides');
    const options = legal(s, seat);
    const next =
      options.find((a) => a.type === 'pass') ??
      options.find((a) => a.type === 'choose' && ['continue', 'no', 'done'].includes(a.value)) ??
      options.find((a) => a.type === 'choose');
    if (!next) throw new Error(`${seat}: ${JSON.stringify(options)}`);
    s = applyAction(netrunner, s, seat, next) as Snap;
  }
  return s;
}

/** Whether a log line containing `text` names a card of `code` (lines name cards by code). */
const mentions = (s: Snap, code: string, text: string) =>
  s.context.log.some((e) => e.text.includes(text) && e.cards.some((c) => c.code === code));

describe('the ice being encountered is swapped to another server', () => {
  it('the Runner moves with it: the run goes on against that server', () => {
    let palisade = '';
    // Tithe (harmless subroutines) protects HQ; Palisade (end the run) protects R&D.
    const { s, ice: tithe } = encountering(TITHE, 'hq', {}, (g) => {
      palisade = spawn(g, PALISADE, { zone: 'ice', server: 'rd' }, { rezzed: true });
      spawn(g, BUZZSAW, { zone: 'rig' });
    });
    const swapped = edit(s, (g) => swapIce(g, tithe, palisade));
    expect(swapped.context.run?.server).toBe('rd');
    expect(swapped.context.run?.position).toBe(0);
    expect(swapped.context.run?.encounter?.ice).toBe(tithe);

    const over = toRunEnd(swapped);
    // Tithe's encounter finished where it now is; Palisade, now on HQ, was never approached.
    expect(mentions(over, TITHE, 'fires')).toBe(true);
    expect(mentions(over, PALISADE, 'approaches')).toBe(false);
    expect(mentions(over, PALISADE, 'fires')).toBe(false);
    expect(over.context.memory.successfulRunsOn).toEqual(['rd']);
  });

  it('swapping two other pieces leaves the Runner where it is', () => {
    let other = '';
    let third = '';
    const { s, ice: tithe } = encountering('30073', 'hq', {}, (g) => {
      other = spawn(g, '30072', { zone: 'ice', server: 'rd' }, { rezzed: true });
      third = spawn(g, '30074', { zone: 'ice', server: 'archives' }, { rezzed: true });
      spawn(g, BUZZSAW, { zone: 'rig' });
    });
    const swapped = edit(s, (g) => swapIce(g, other, third));
    expect(swapped.context.run?.server).toBe('hq');
    expect(swapped.context.run?.position).toBe(0);
    expect(swapped.context.run?.encounter?.ice).toBe(tithe);
  });
});
