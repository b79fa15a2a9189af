import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, configTable, parseConfig } from './config.js';

const OPERATIONS = new URL('../../../docs/operations.md', import.meta.url);

describe('the configuration schema', () => {
  it('gives every default for an empty environment', () => {
    expect(parseConfig({})).toMatchObject({
      VEIL_ROLE: 'all',
      PORT: 3000,
      VEIL_DATA_DIR: './.veil',
      LOG_LEVEL: 'info',
      VEIL_AI_THINK_MS: 500,
    });
  });

  it('parses numbers, lists and URLs', () => {
    const config = parseConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://veil@db:5432/veil',
      VEIL_EXTRA_GAMES: '@veil/parlor, @veil/other',
      VEIL_AI_LEVELS: 'random,greedy',
      VEIL_LEASE_TTL_MS: '2000',
    });
    expect(config.PORT).toBe(8080);
    expect(config.VEIL_EXTRA_GAMES).toEqual(['@veil/parlor', '@veil/other']);
    expect(config.VEIL_AI_LEVELS).toEqual(['random', 'greedy']);
    expect(config.VEIL_LEASE_TTL_MS).toBe(2000);
  });

  it('names every bad variable at once, and why', () => {
    let error: unknown;
    try {
      parseConfig({
        PORT: '70000',
        LOG_LEVEL: 'loud',
        VEIL_ROLE: 'everything',
        DATABASE_URL: 'mysql://db/veil',
        VEIL_LEASE_TTL_MS: '-5',
        VEIL_AI_LEVELS: 'random,wizard',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'VEIL_ROLE',
      'PORT',
      'DATABASE_URL',
      'LOG_LEVEL',
      'VEIL_LEASE_TTL_MS',
      'VEIL_AI_LEVELS',
    ]);
    expect(problems[4]).toMatch(/must be a whole number/);
  });

  it('is the table docs/operations.md lists', () => {
    const doc = readFileSync(OPERATIONS, 'utf8');
    const start = doc.indexOf('<!-- config:start -->');
    const end = doc.indexOf('<!-- config:end -->');
    expect(start).toBeGreaterThan(0);
    expect(doc.slice(start, end).split('\n').slice(1, -1).join('\n').trim()).toBe(configTable());
    expect(Object.keys(CONFIG_VARIABLES).length).toBeGreaterThan(15);
  });
});
