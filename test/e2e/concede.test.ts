import { getRoom } from '@veil/client';
import type { Veil } from '@veil/cli';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesSkipReason } from '../support/index.js';
import { chromiumSkipReason, peopleTable, screenshot, startBrowserWorld } from './browser.js';

// Conceding in Chromium, clicked as a person would (docs/protocol.md, "Concede"): a confirmation
// first, then the end-of-game summary for both seats and a spectator. Every wait is for a
// condition on the page; the timeouts only bound a hang.

const skip = servicesSkipReason() ?? chromiumSkipReason();
const WAIT = { timeout: 20_000 };

describe.skipIf(skip)('conceding in Chromium', () => {
  let veil: Veil;
  let browser: Browser;

  const base = () => veil.url ?? '';
  const newPage = async (hash: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const p = await context.newPage();
    await p.goto(`${base()}/${hash}`);
    return p;
  };

  beforeAll(async () => {
    ({ veil, browser } = await startBrowserWorld('concede', { metricsPort: 0 }));
  });

  afterAll(async () => {
    await browser?.close();
    await veil?.close();
  });

  it('a seat concedes after confirming; both seats and a spectator see the summary', async () => {
    const { roomId, seatHash } = await peopleTable(base(), 'netrunner', ['corp', 'runner']);
    const corp = await newPage(seatHash('corp'));
    const runner = await newPage(seatHash('runner'));
    const watcher = await newPage(`#/room/${roomId}/watch`);
    for (const p of [corp, runner, watcher]) await p.getByTestId('board').waitFor(WAIT);
    await corp.getByTestId('action').first().waitFor(WAIT);
    // Seats may concede; a spectator has nothing to concede.
    await runner.getByTestId('concede').waitFor(WAIT);
    expect(await watcher.getByTestId('concede').count()).toBe(0);

    // The first click only asks; "Keep playing" concedes nothing.
    await runner.getByTestId('concede').click();
    await runner.getByTestId('concede-cancel').click();
    await runner.getByTestId('concede').waitFor(WAIT);
    expect((await getRoom(base(), roomId)).status).toBe('active');

    await runner.getByTestId('concede').click();
    await runner.getByTestId('concede-confirm').click();

    for (const p of [corp, runner, watcher]) {
      await p.getByTestId('game-over').waitFor(WAIT);
      expect(await p.getByTestId('winner').textContent()).toBe('The Corp wins');
      expect(await p.getByTestId('reason').textContent()).toBe('Reason: the other side conceded.');
      expect(await p.getByTestId('game-over').textContent()).toMatch(
        /Final score: Corp 0, Runner 0 \(turn 0\)\./,
      );
      await p
        .locator('[data-testid=chat-line][data-kind=system]', {
          hasText: 'Runner conceded the game.',
        })
        .waitFor(WAIT);
      expect(await p.getByTestId('concede').count()).toBe(0);
    }
    // The corp's pending decision is gone: the game is over.
    expect(await corp.getByTestId('action').count()).toBe(0);
    const summary = await getRoom(base(), roomId);
    expect(summary).toMatchObject({
      status: 'finished',
      outcome: { winners: ['corp'], reason: 'conceded' },
    });
    await screenshot(watcher, 'conceded');

    // A reload shows the same end.
    await runner.reload();
    await runner.getByTestId('game-over').waitFor(WAIT);
    expect(await runner.getByTestId('winner').textContent()).toBe('The Corp wins');
  });

  it('a player leaves a three-seat Dune table: a bot takes the seat, the others play on', async () => {
    const { roomId, seatHash } = await peopleTable(base(), 'dune', [
      'atreides',
      'emperor',
      'fremen',
    ]);
    const fremen = await newPage(seatHash('fremen'));
    const atreides = await newPage(seatHash('atreides'));
    for (const p of [fremen, atreides]) await p.getByTestId('board').waitFor(WAIT);

    await fremen.getByTestId('concede').click();
    expect(await fremen.getByRole('alertdialog').textContent()).toContain('It plays for you');
    await fremen.getByTestId('concede-confirm').click();
    await fremen.getByTestId('handed-over').waitFor(WAIT);
    await atreides
      .locator('[data-testid=chat-line][data-kind=system]', {
        hasText: 'Fremen handed the seat to a bot, Medium (ismcts).',
      })
      .waitFor(WAIT);
    // The page that handed the seat over lets its connection go: the table reads that it left.
    await atreides
      .locator('[data-testid=chat-line][data-kind=system]', { hasText: 'Fremen left the table.' })
      .waitFor(WAIT);
    // The others' seat table shows the seat as the bot's.
    expect(
      await atreides.locator('[data-testid=seat-row][data-faction=fremen]').textContent(),
    ).toContain('Medium (ismcts)');
    // The others play on: the Atreides may hand theirs over too, and the room is live.
    expect(await atreides.getByTestId('concede').textContent()).toBe('Hand my seat to a bot');
    expect(await getRoom(base(), roomId)).toMatchObject({
      status: 'active',
      seats: { fremen: { type: 'bot', level: 'ismcts' } },
    });
    await screenshot(atreides, 'dune-seat-handed-over');

    // Leaving the page asks nothing more (the game waits for no one there).
    await fremen.getByTestId('leave-table').click();
    await fremen.getByTestId('lobby').waitFor(WAIT);
    // The link of the seat handed over opens it no more, and says why.
    await fremen.goto(`${base()}/${seatHash('fremen')}`);
    expect(await fremen.getByTestId('error').textContent({ timeout: 20_000 })).toContain(
      'You handed the fremen seat to a bot',
    );
  });
});
