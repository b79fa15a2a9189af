import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storeMigrations } from '@veil/store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './main.js';
import { migrate } from './migrate.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  return { out, err };
}

afterEach(() => vi.restoreAllMocks());

/** Parlor is a test-only game: the CLI loads it the way a test process would. */
const WITH_PARLOR = { VEIL_EXTRA_GAMES: '@veil/parlor' };

describe('veil command', () => {
  it('selfplay --json ends with one JSON object of the documented shape', async () => {
    const { out } = capture();
    const code = await main(
      ['selfplay', '--game', 'parlor', '--games', '5', '--seed', '2', '--json'],
      WITH_PARLOR,
    );
    expect(code).toBe(0);
    const summary = JSON.parse(out.at(-1)!);
    for (const key of ['games', 'finished', 'reasons', 'avgTurns', 'errors', 'p1Wins', 'p2Wins']) {
      expect(summary).toHaveProperty(key);
    }
    expect(summary.games).toBe(5);
  });

  it('reads VEIL_EXTRA_GAMES as `veil start` does: items trimmed, an empty one refused', async () => {
    const { out, err } = capture();
    const selfplay = ['selfplay', '--game', 'parlor', '--games', '1', '--json'];
    expect(await main(selfplay, { VEIL_EXTRA_GAMES: ' @veil/parlor ' })).toBe(0);
    expect(JSON.parse(out.at(-1)!).games).toBe(1);
    expect(await main(selfplay, { VEIL_EXTRA_GAMES: '@veil/parlor,,' })).toBe(2);
    expect(err.join('\n')).toContain('VEIL_EXTRA_GAMES: must not have an empty item');
  });

  it('cards netrunner --json lists every card with a status, and a note when partial', async () => {
    const { out } = capture();
    expect(await main(['cards', 'netrunner', '--json'])).toBe(0);
    const cards = JSON.parse(out.at(-1)!) as { code: string; status: string; notes: string }[];
    expect(cards).toHaveLength(79);
    for (const card of cards) {
      expect(['full', 'partial']).toContain(card.status);
      if (card.status === 'partial') expect(card.notes.length).toBeGreaterThan(0);
    }
  });

  it('migrate brings an embedded store up to date, then finds nothing to do', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'veil-cli-migrate-'));
    const env = { VEIL_DATA_DIR: dataDir };
    try {
      const { out, err } = capture();
      expect(await migrate(['--json'], env)).toBe(0);
      expect(JSON.parse(out.at(-1)!)).toEqual({ applied: Object.keys(storeMigrations).sort() });
      expect(err.join('\n')).toContain(`PGlite in ${dataDir}`);
      expect(await migrate([], env)).toBe(0);
      expect(out.at(-1)).toMatch(/^the store is up to date/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('migrate names the server without its credentials, and fails clearly when it cannot', async () => {
    const { err } = capture();
    const env = { DATABASE_URL: 'postgres://veil:s3cret@127.0.0.1:1/veil' };
    expect(await migrate([], env)).toBe(1);
    expect(err.join('\n')).toContain('Postgres at 127.0.0.1:1/veil');
    expect(err.join('\n')).toMatch(/veil: migration failed: /);
    expect(err.join('\n')).not.toContain('s3cret');
    expect(await main(['migrate', 'now'])).toBe(2);
    expect(err.join('\n')).toMatch(/migrate takes no arguments/);
    expect(await main(['start', 'now'])).toBe(2);
    expect(err.join('\n')).toMatch(/start takes no arguments/);
  });

  it('selfplay passes room options and seats a range of players (Dune, 2–3 seats, 2 turns)', async () => {
    const { out } = capture();
    const args = ['selfplay', '--game', 'dune', '--games', '6', '--seed', '4', '--json'];
    const code = await main([...args, '--seats', '2-3', '--options', '{"turns":2}'], {});
    expect(code).toBe(0);
    const summary = JSON.parse(out.at(-1)!);
    expect(summary.finished).toBe(6);
    // Two-turn games: every game ends on turn 2 at the latest.
    expect(summary.avgTurns).toBeLessThanOrEqual(2);
    expect(summary.seatCounts).toEqual({ '2': expect.any(Number), '3': expect.any(Number) });
    expect(summary.seatCounts['2'] + summary.seatCounts['3']).toBe(6);
  });

  it('selfplay with bots seats the room its options name (Dune, 3 factions, 1 turn)', async () => {
    const { out, err } = capture();
    const room = '{"factions":["harkonnen","fremen","emperor"],"turns":1}';
    const args = ['selfplay', '--game', 'dune', '--games', '1', '--seed', '2', '--json'];
    expect(await main([...args, '--options', room, '--fremen', 'random'], {})).toBe(0);
    expect(JSON.parse(out.at(-1)!).levels).toEqual({
      harkonnen: 'random',
      fremen: 'random',
      emperor: 'random',
    });
    // A faction the room does not seat is no seat to name; --seats stays random-legal only.
    expect(await main([...args, '--options', room, '--atreides', 'greedy'], {})).toBe(2);
    expect(err.join('\n')).toMatch(
      /unknown option --atreides \(seats of dune: harkonnen, fremen, emperor\)/,
    );
    expect(await main([...args, '--seats', '3', '--fremen', 'greedy'], {})).toBe(2);
    expect(err.join('\n')).toMatch(/--seats is for random-legal self-play only/);
  });

  it('refuses bad room options and seat counts before any game is played', async () => {
    const { err } = capture();
    const run = (...extra: string[]) => main(['selfplay', '--game', 'dune', ...extra], {});
    expect(await run('--options', '{"turns":99}')).toBe(2);
    expect(err.join('\n')).toMatch(/bad room options: turns: Too big/);
    // A misspelt option is refused, as a room would refuse it, not played at its default.
    expect(await run('--options', '{"semutaDrg":true}')).toBe(2);
    expect(err.join('\n')).toMatch(/bad room options: \(options\): Unrecognized key: "semutaDrg"/);
    expect(await run('--options', 'turns=3')).toBe(2);
    expect(err.join('\n')).toMatch(/--options must be a JSON object/);
    expect(await run('--seats', '1-6')).toBe(2);
    expect(err.join('\n')).toMatch(/bad room options: dune: choose 2 to 6/);
    expect(await run('--seats', 'six')).toBe(2);
    expect(err.join('\n')).toMatch(/--seats must be N or MIN-MAX/);
    expect(await main(['selfplay', '--game', 'parlor', '--seats', '2'], WITH_PARLOR)).toBe(2);
    expect(err.join('\n')).toMatch(/parlor has a fixed number of seats/);
  });

  it('answers bad usage with exit code 2 and a clear message', async () => {
    const { err } = capture();
    expect(await main(['selfplay', '--game', 'chess'])).toBe(2);
    expect(err.join('\n')).toMatch(/unknown game "chess"/);
    expect(await main(['selfplay', '--game', 'parlor', '--games', 'many'], WITH_PARLOR)).toBe(2);
    expect(err.join('\n')).toMatch(/--games must be an integer/);
    expect(await main(['selfplay', '--game', 'parlor', '--p1', 'wizard'], WITH_PARLOR)).toBe(2);
    expect(err.join('\n')).toMatch(/unknown bot level "wizard"/);
    expect(
      await main(
        ['selfplay', '--game', 'parlor', '--p1', 'expert', '--iterations', '0'],
        WITH_PARLOR,
      ),
    ).toBe(2);
    expect(err.join('\n')).toMatch(/--iterations must be an integer ≥ 1/);
    expect(await main(['selfplay', '--game', 'parlor'])).toBe(2);
    expect(err.join('\n')).toMatch(/unknown game "parlor" \(known: netrunner, dune\)/);
    expect(await main(['frobnicate'])).toBe(2);
  });
});
