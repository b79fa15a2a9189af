import { describe, expect, it } from 'vitest';
import {
  act,
  can,
  choose,
  deciders,
  handle,
  legal,
  run,
  runnerActing,
  spawn,
  type Snap,
} from '../testing/kit.js';
import { applyAction } from '@veil/engine';
import { netrunner } from '../module.js';

/**
 * CR: a remote server with no cards in or protecting it ceases to exist, and a run on a server
 * that ceases to exist ends; a run that ends before it is declared successful is unsuccessful.
 * (Cases written from the rules, not from this implementation.)
 */
function runOnDoctor(withIce: boolean): { s: Snap; doctor: string; penny: string } {
  let doctor = '';
  let penny = '';
  let s = runnerActing({}, (g) => {
    doctor = spawn(g, '30053', { zone: 'root', server: 'remote1' }, { rezzed: true });
    if (withIce) spawn(g, '30069', { zone: 'ice', server: 'remote1' });
    penny = spawn(g, '30014', { zone: 'rig' });
    g.corp.archives = [];
  });
  s = run(s, 'remote1');
  return { s, doctor, penny };
}

const removeDoctor = (s: Snap, doctor: string) => ({
  type: 'use' as const,
  card: handle(s, doctor, 'corp'),
  ability: 'remove',
});

/** Everyone passes until the Corp may remove Spin Doctor; then it does, and shuffles nothing. */
function corpRemovesDoctor(s: Snap, doctor: string): Snap {
  for (let i = 0; i < 50; i++) {
    if (deciders(s).includes('corp') && can(s, 'corp', removeDoctor(s, doctor))) {
      return choose(act(s, 'corp', removeDoctor(s, doctor)), 'corp', 'done');
    }
    const seat = deciders(s)[0];
    if (!seat) throw new Error('nobody decides');
    const pass = legal(s, seat).find(
      (a) => a.type === 'pass' || (a.type === 'choose' && a.value === 'continue'),
    );
    if (!pass) throw new Error(`${seat} cannot pass: ${JSON.stringify(legal(s, seat))}`);
    s = applyAction(netrunner, s, seat, pass) as Snap;
  }
  throw new Error('the Corp never got to use Spin Doctor');
}

/** Passes and "no"/"continue" answers until the run is over. */
function toRunEnd(s: Snap): Snap {
  for (let i = 0; i < 50 && s.context.run; i++) {
    const seat = deciders(s)[0];
    if (!seat) throw new Error('nobody decides');
    const options = legal(s, seat);
    const next =
      options.find((a) => a.type === 'pass') ??
      options.find((a) => a.type === 'choose' && ['no', 'continue', 'done'].includes(a.value));
    if (!next) throw new Error(`${seat}: ${JSON.stringify(options)}`);
    s = applyAction(netrunner, s, seat, next) as Snap;
  }
  return s;
}

describe('the attacked server ceases to exist during the run', () => {
  it('Spin Doctor leaving an otherwise empty remote: the run ends, unsuccessful', () => {
    const { s, doctor, penny } = runOnDoctor(false);
    const removed = corpRemovesDoctor(s, doctor);
    expect(removed.context.cards[doctor]?.loc.zone).toBe('removed');
    const over = toRunEnd(removed);
    expect(over.context.run).toBeNull();
    const texts = over.context.log.map((e) => e.text);
    expect(texts).toContain('The run is unsuccessful.');
    expect(texts.some((t) => t.includes('is successful'))).toBe(false);
    expect(over.context.memory.successfulRunsOn).not.toContain('remote1');
    // Pennyshaver pays only for successful runs.
    expect(over.context.cards[penny]?.counters.credit ?? 0).toBe(0);
    expect(over.context.servers['remote1']).toBeUndefined();
    expect(over.context.serverOrder).not.toContain('remote1');
  });

  it('with ice still protecting it the server exists: the run goes on to success', () => {
    const { s, doctor, penny } = runOnDoctor(true);
    const removed = corpRemovesDoctor(s, doctor);
    expect(removed.context.run?.ending).toBe(false);
    const over = toRunEnd(removed);
    expect(over.context.memory.successfulRunsOn).toContain('remote1');
    expect(over.context.cards[penny]?.counters.credit).toBe(1);
    expect(over.context.servers['remote1']?.ice).toHaveLength(1);
  });
});
