import { getRoom } from '@veil/client';
import type { Veil } from '@veil/cli';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesSkipReason } from '../support/index.js';
import { chromiumSkipReason, peopleTable, screenshot, startBrowserWorld } from './browser.js';

// Handing an idle seat to a bot in Chromium (docs/protocol.md, "Hand an idle seat to a bot"): at
// an untimed Dune table the Fremen never come, so the Atreides hand their seat to a bot; then the
// Emperor sit at an open page without deciding, and are handed over after the longer wait, their
// page saying so. At a Netrunner table the Corp claims the game from a Runner who never came.
// The world's node runs a second of room time as 10 ms (the 5 minutes are 3 s, the 30 minutes
// 18 s); the pages' own clocks are moved on by Playwright. Every wait is for a condition on the
// page; the timeouts only bound a hang.

const skip = servicesSkipReason() ?? chromiumSkipReason();
const WAIT = { timeout: 20_000 };
const MINUTE = 60_000;

describe.skipIf(skip)('handing an idle seat to a bot in Chromium', () => {
  let veil: Veil;
  let browser: Browser;
  const base = () => veil.url ?? '';

  const newPage = async (hash: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    // The page's clock flows as usual until the test moves it on.
    await page.clock.install();
    await page.goto(`${base()}/${hash}`);
    return page;
  };

  const systemLine = (page: Page, text: string) =>
    page.locator('[data-testid=chat-line][data-kind=system]', { hasText: text });

  beforeAll(async () => {
    ({ veil, browser } = await startBrowserWorld('idle_seat', {
      metricsPort: 0,
      node: { clockSecondMs: 10 },
    }));
  });

  afterAll(async () => {
    await browser?.close();
    await veil?.close();
  });

  it('a player hands a gone seat to a bot, then one who sits at an open page', async () => {
    const { roomId, seatHash } = await peopleTable(base(), 'dune', [
      'atreides',
      'emperor',
      'fremen',
    ]);
    const atreides = await newPage(seatHash('atreides'));
    const emperor = await newPage(seatHash('emperor'));
    for (const page of [atreides, emperor]) await page.getByTestId('board').waitFor(WAIT);
    await systemLine(atreides, 'Emperor joined the table.').waitFor(WAIT);

    // Nothing is offered before the table has waited five minutes.
    expect(await atreides.getByTestId('idle-hand-over').count()).toBe(0);
    // (The node counts from its load of the room, just before the pages came.)
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await atreides.clock.fastForward(5 * MINUTE);
    // The Fremen never came: offered; the Emperor's page is open: not yet.
    const offer = atreides.locator('[data-testid=idle-seat][data-seat=fremen]');
    await offer.waitFor(WAIT);
    expect(await offer.textContent()).toContain('The table has waited 5 min for the Fremen.');
    expect(await atreides.locator('[data-testid=idle-seat][data-seat=emperor]').count()).toBe(0);
    // (Moving the page's clock on by minutes lapses its socket's heartbeat: it reconnects.)
    await atreides.locator('.conn-on').waitFor(WAIT);
    await screenshot(atreides, 'dune-idle-seat');

    // The first click only asks; "Keep waiting" hands nothing over.
    await atreides.getByTestId('idle-hand-over').click();
    await atreides.getByTestId('idle-cancel').click();
    await atreides.getByTestId('idle-hand-over').click();
    await atreides.getByTestId('idle-confirm').click();
    const handed =
      'Atreides handed the Fremen seat to a bot, the table having waited on it too long';
    for (const page of [atreides, emperor]) await systemLine(page, handed).waitFor(WAIT);
    expect(await getRoom(base(), roomId)).toMatchObject({
      status: 'active',
      seats: { fremen: { type: 'bot', level: 'ismcts' } },
    });
    expect(await atreides.getByTestId('idle-hand-over').count()).toBe(0);

    // The Emperor's page stays open, and nobody decides: after 30 minutes they are handed over
    // (counted from the table's last move, the Fremen bot's traitor pick, version 2).
    while ((await getRoom(base(), roomId)).version < 2) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 18_500));
    await atreides.clock.fastForward(30 * MINUTE);
    await atreides.locator('[data-testid=idle-seat][data-seat=emperor]').waitFor(WAIT);
    await atreides.getByTestId('idle-hand-over').click();
    await atreides.getByTestId('idle-confirm').click();
    await emperor.getByTestId('handed-over').waitFor(WAIT);
    expect(await emperor.getByTestId('handed-over').textContent()).toContain(
      'The table waited on you too long: the Atreides handed your seat to a bot.',
    );
    // The page let its connection go: the table reads that the Emperor left.
    await systemLine(atreides, 'Emperor left the table.').waitFor(WAIT);
    expect((await getRoom(base(), roomId)).seats['emperor']).toMatchObject({ type: 'bot' });
  });

  it('at a two-seat table a player claims the game from an opponent who never came', async () => {
    const { roomId, seatHash } = await peopleTable(base(), 'netrunner', ['corp', 'runner']);
    const corp = await newPage(seatHash('corp'));
    await corp.getByTestId('board').waitFor(WAIT);
    // The Corp keeps its hand: the Runner's mulligan is next, and the Runner never came.
    await corp.getByRole('button', { name: 'Keep this hand' }).click();
    while ((await getRoom(base(), roomId)).version < 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await corp.clock.fastForward(5 * MINUTE);
    await corp.locator('[data-testid=idle-seat][data-seat=runner]').waitFor(WAIT);
    await corp.getByTestId('idle-hand-over').click();
    expect(await corp.getByRole('alertdialog').textContent()).toContain(
      'you win, and the game ends',
    );
    await corp.getByTestId('idle-confirm').click();
    await corp.getByTestId('game-over').waitFor(WAIT);
    expect(await corp.getByTestId('winner').textContent()).toBe('The Corp wins');
    expect(await corp.getByTestId('reason').textContent()).toBe('Reason: the other side was gone.');
    await systemLine(corp, 'Corp claimed the game, the Runner having been gone too long').waitFor(
      WAIT,
    );
    expect(await getRoom(base(), roomId)).toMatchObject({
      status: 'finished',
      outcome: { winners: ['corp'], reason: 'left' },
    });
  });
});
