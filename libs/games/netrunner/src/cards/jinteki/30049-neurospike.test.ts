import { describe, expect, it } from 'vitest';
import { playOperation, act, edit, handle, scoreAgenda, spawn } from '../../testing/kit.js';
import { moveCard } from '../../state/zones.js';

describe('Neurospike', () => {
  it('net damage equal to the points of agendas scored this turn (from history)', () => {
    const s = playOperation('30049', {}, (g) => {
      g.memory.scoredPoints = [2, 1];

      g.corp.credits = 3;
    });
    expect(s.context.runner.grip).toHaveLength(2);
  });

  it('nothing scored this turn: no damage', () => {
    const s = playOperation('30049', {}, (g) => (g.corp.credits = 3));
    expect(s.context.runner.grip).toHaveLength(5);
  });

  it('X is the printed points of agendas scored this turn (scored for real)', () => {
    let spike = '';
    const { s } = scoreAgenda('30067', {}, (g) => {
      spike = spawn(g, '30049', { zone: 'hq' });
    });
    const grip = s.context.runner.grip.length;
    const after = act(s, 'corp', { type: 'play', card: handle(s, spike, 'corp') });
    expect(after.context.runner.grip).toHaveLength(grip - 2);
  });

  it('a forfeited agenda still counts (the turn history, not the score area)', () => {
    let spike = '';
    const { s, agenda } = scoreAgenda('30067', {}, (g) => {
      spike = spawn(g, '30049', { zone: 'hq' });
    });
    const forfeited = edit(s, (g) => moveCard(g, agenda, { zone: 'archives' }, { faceUp: true }));
    expect(forfeited.context.corp.scored).toEqual([]);
    const grip = forfeited.context.runner.grip.length;
    const after = act(forfeited, 'corp', {
      type: 'play',
      card: handle(forfeited, spike, 'corp'),
    });
    expect(after.context.runner.grip).toHaveLength(grip - 2);
  });
});
