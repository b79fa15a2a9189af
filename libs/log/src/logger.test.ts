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
