import { describe, expect, it } from 'vitest';
import { createLogger, parseLogLevel } from './logger.js';

function capture(level: Parameters<typeof createLogger>[1]) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ service: 'test' }, level, (line) => lines.push(JSON.parse(line)));
  return { logger, lines };
}

describe('JSON-lines logger', () => {
  it('writes one JSON object per line with level, time, message and fields', () => {
    const { logger, lines } = capture('info');
    logger.info('room loaded', { roomId: 'r1', version: 3 });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'info',
        msg: 'room loaded',
        service: 'test',
        roomId: 'r1',
        version: 3,
      }),
    ]);
    expect(typeof lines[0]!.time).toBe('string');
  });

  it('drops lines below its level, and everything when silent', () => {
    const info = capture('warn');
    info.logger.info('hidden');
    info.logger.error('shown');
    expect(info.lines.map((l) => l.msg)).toEqual(['shown']);
    const silent = capture('silent');
    silent.logger.error('nothing');
    expect(silent.lines).toEqual([]);
  });

  it('adds a child logger’s fields to every line', () => {
    const { logger, lines } = capture('debug');
    logger.child({ roomId: 'r2' }).debug('step');
    expect(lines[0]).toMatchObject({ service: 'test', roomId: 'r2', msg: 'step' });
  });

  it('writes each key once: a child’s or a line’s field replaces the one it repeats', () => {
    const raw: string[] = [];
    const logger = createLogger({ service: 'veil', role: 'all' }, 'info', (line) => raw.push(line));
    const game = logger.child({ service: 'game', nodeId: 'n1' });
    game.info('room loaded');
    game.child({ nodeId: 'n2' }).info('moved');
    logger.warn('bus error', { service: 'gateway' });
    const count = (line: string, key: string) => line.split(`"${key}":`).length - 1;
    expect(raw.map((line) => [count(line, 'service'), count(line, 'nodeId')])).toEqual([
      [1, 1],
      [1, 1],
      [1, 0],
    ]);
    expect(raw.map((line) => JSON.parse(line) as Record<string, unknown>)).toMatchObject([
      { service: 'game', role: 'all', nodeId: 'n1', msg: 'room loaded' },
      { service: 'game', role: 'all', nodeId: 'n2', msg: 'moved' },
      { service: 'gateway', role: 'all', msg: 'bus error' },
    ]);
  });

  it('logs an error as its name, code and message, never its cause', () => {
    const { logger, lines } = capture('info');
    const error = Object.assign(new Error('commit failed', { cause: { hand: ['secret'] } }), {
      code: 'conflict',
    });
    logger.warn('failed', { error });
    expect(lines[0]!.error).toEqual({ name: 'Error', message: 'commit failed', code: 'conflict' });
    expect(JSON.stringify(lines[0])).not.toContain('secret');
  });

  it('parses a level, falling back on anything unknown', () => {
    expect(parseLogLevel('debug')).toBe('debug');
    expect(parseLogLevel('loud')).toBe('info');
    expect(parseLogLevel(undefined, 'warn')).toBe('warn');
  });
});
