import { createRoom, getRoom } from '@veil/client';
import type { Veil } from '@veil/cli';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesSkipReason } from '../support/index.js';
import { chromiumSkipReason, screenshot, startBrowserWorld } from './browser.js';

// The end of a game and after it, in Chromium, clicked as a person would (issue 35, req. 6;
// docs/protocol.md, "Rematch" and "Replay"): leaving and coming back, the end summary with both
// decks, the replay stepped back and forth, and a rematch with the sides swapped. Every wait is
// for a condition on the page; the timeouts only bound a hang.

const skip = servicesSkipReason() ?? chromiumSkipReason();
const WAIT = { timeout: 20_000 };

describe.skipIf(skip)('after the game, in Chromium', () => {
  let veil: Veil;
  let browser: Browser;

  const base = () => veil.url ?? '';
  const newPage = async (hash: string, width = 1400): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const p = await context.newPage();
    await p.goto(`${base()}/${hash}`);
    return p;
  };
  // Page code runs in the browser; the test project has no DOM types, so it names what it reads.
  type Doc = { document: { documentElement: { scrollWidth: number; clientWidth: number } } };
  const overflow = (p: Page) =>
    p.evaluate(() => {
      const root = (globalThis as unknown as Doc).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
  const hashOf = (p: Page) =>
    p.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash);

  beforeAll(async () => {
    ({ veil, browser } = await startBrowserWorld('after_the_game', { metricsPort: 0 }));
  });

  afterAll(async () => {
    await browser?.close();
    await veil?.close();
  });

  it('leave and come back, the summary with both decks, the replay, a rematch with sides swapped', async () => {
    const created = await createRoom(base(), {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'human' } },
      options: {
        gameOptions: {
          corpDeck: 'sg-tutorial-syndicate-intermediate',
          runnerDeck: 'sg-tutorial-catalyst-intermediate',
        },
      },
    });
    const { roomId } = created;
    const seatLink = (seat: string) =>
      `#/room/${roomId}/seat/${seat}?token=${created.seats[seat]?.token ?? ''}`;
    const corp = await newPage(seatLink('corp'));
    const runner = await newPage(seatLink('runner'));
    // A spectator on a phone.
    const watcher = await newPage(`#/room/${roomId}/watch`, 390);
    for (const p of [corp, runner, watcher]) await p.getByTestId('board').waitFor(WAIT);

    // A few steps of the game (the corp's mulligan decision and on), so the replay has some.
    // Each step waits for both seats' pages to show the step before, so the mover is chosen
    // from their current actions, not from a page still a version behind.
    for (let version = 0; version < 3; version++) {
      for (const p of [corp, runner]) {
        await p.locator(`[data-testid=board][data-version="${version}"]`).waitFor(WAIT);
      }
      const mover = (await corp.getByTestId('action').count()) > 0 ? corp : runner;
      await mover.getByTestId('action').first().click();
      await watcher.locator(`[data-testid=board][data-version="${version + 1}"]`).waitFor(WAIT);
    }
    const played = Number(await watcher.getByTestId('board').getAttribute('data-version'));
    expect(played).toBe(3);

    // Leaving asks first; "Stay" stays. Leaving goes to the lobby and the table is told.
    await runner.getByTestId('leave-table').click();
    await runner.getByTestId('leave-cancel').click();
    await runner.getByTestId('board').waitFor(WAIT);
    await runner.getByTestId('leave-table').click();
    await runner.getByTestId('leave-confirm').click();
    expect(await hashOf(runner)).toBe('#/');
    await corp
      .locator('[data-testid=chat-line][data-kind=system]', { hasText: 'Runner left the table.' })
      .waitFor(WAIT);
    // The seat's link brings the runner back to the same game.
    await runner.goto(`${base()}/${seatLink('runner')}`);
    await runner.locator(`[data-testid=board][data-version="${played}"]`).waitFor(WAIT);

    await runner.getByTestId('concede').click();
    await runner.getByTestId('concede-confirm').click();

    // The summary: winner, score, turn, and both decks in full, for the seats and the spectator.
    for (const p of [corp, runner, watcher]) {
      await p.getByTestId('game-over').waitFor(WAIT);
      expect(await p.getByTestId('game-over').textContent()).toMatch(
        /Final score: Corp 0, Runner 0/,
      );
      await p.getByTestId('deck-reveal').locator('summary').click();
      expect(await p.getByTestId('deck-corp').textContent()).toMatch(
        /^Corp: The Syndicate: Profit over Principle \(44 cards\).*3× Hedge Fund/,
      );
      expect(await p.getByTestId('deck-runner').textContent()).toMatch(
        /^Runner: .+ \(\d+ cards\).*\d× Sure Gamble/,
      );
    }
    expect(await overflow(watcher)).toBeLessThanOrEqual(0);
    await screenshot(watcher, 'end-summary');

    // The replay, from the spectator's page on a phone: first, forward, back, last.
    await watcher.getByRole('button', { name: 'See the board' }).click();
    await watcher.getByTestId('replay-link').click();
    await watcher.getByTestId('replay').waitFor(WAIT);
    const counter = watcher.getByTestId('replay-version');
    const last = played + 1; // the concession is the last version
    await expect.poll(() => counter.textContent(), WAIT).toBe(`Step ${last} of ${last}`);
    await watcher.getByTestId('replay-first').click();
    await expect.poll(() => counter.textContent(), WAIT).toBe(`Step 0 of ${last}`);
    await watcher.locator('[data-testid=board][data-version="0"]').waitFor(WAIT);
    expect(await watcher.getByTestId('replay-back').isDisabled()).toBe(true);
    await watcher.getByTestId('replay-forward').click();
    await watcher.locator('[data-testid=board][data-version="1"]').waitFor(WAIT);
    await watcher.getByTestId('replay-forward').click();
    await watcher.locator('[data-testid=board][data-version="2"]').waitFor(WAIT);
    await watcher.getByTestId('replay-back').click();
    await watcher.locator('[data-testid=board][data-version="1"]').waitFor(WAIT);
    expect(await counter.textContent()).toBe(`Step 1 of ${last}`);
    // No action is offered in a replay.
    expect(await watcher.getByTestId('action').count()).toBe(0);
    // After the game a seat's view may be replayed too: the corp's own hand, named.
    expect(await watcher.getByTestId('viewer-label').textContent()).toMatch(/Spectating/);
    await watcher.getByTestId('replay-as-corp').click();
    await expect
      .poll(() => watcher.getByTestId('viewer-label').textContent(), WAIT)
      .not.toMatch(/Spectating/);
    expect(await hashOf(watcher)).toBe(`#/room/${roomId}/replay?v=1&as=corp`);
    expect(await watcher.getByTestId('hand').getByTestId('card').count()).toBeGreaterThan(0);
    expect(await watcher.getByTestId('action').count()).toBe(0);
    await watcher.getByTestId('replay-forward').click();
    await watcher.locator('[data-testid=board][data-version="2"]').waitFor(WAIT);
    await watcher.getByTestId('replay-back').click();
    await watcher.locator('[data-testid=board][data-version="1"]').waitFor(WAIT);
    await watcher.getByTestId('replay-as-spectator').click();
    await expect
      .poll(() => watcher.getByTestId('viewer-label').textContent(), WAIT)
      .toMatch(/Spectating/);
    expect(await overflow(watcher)).toBeLessThanOrEqual(0);
    await screenshot(watcher, 'replay');
    await watcher.getByTestId('replay-last').click();
    await watcher.getByTestId('game-over').waitFor(WAIT);
    expect(await hashOf(watcher)).toBe(`#/room/${roomId}/replay?v=${last}`);
    // The step is in the address: a reload shows the same one.
    await watcher.goto(`${base()}/#/room/${roomId}/replay?v=2`);
    await watcher.locator('[data-testid=board][data-version="2"]').waitFor(WAIT);

    // The rematch: the corp offers, the runner accepts, each goes to the other side.
    for (const p of [corp, runner]) await p.getByRole('button', { name: 'See the board' }).click();
    await corp.getByTestId('rematch-offer').click();
    await corp.getByTestId('rematch-waiting').waitFor(WAIT);
    await runner.getByTestId('rematch-accept').click();
    const corpGo = corp.getByTestId('rematch-go');
    const runnerGo = runner.getByTestId('rematch-go');
    await corpGo.waitFor(WAIT);
    await runnerGo.waitFor(WAIT);
    expect(await corpGo.textContent()).toBe('Play the rematch as the Runner');
    expect(await runnerGo.textContent()).toBe('Play the rematch as the Corp');
    await corpGo.click();
    await runnerGo.click();
    for (const p of [corp, runner]) await p.getByTestId('board').waitFor(WAIT);
    const corpHash = await hashOf(corp);
    const next = /^#\/room\/([^/]+)\/seat\/runner$/.exec(corpHash)?.[1];
    expect(next).toBeDefined();
    expect(next).not.toBe(roomId);
    expect(await hashOf(runner)).toBe(`#/room/${next}/seat/corp`);
    // The same decks, sides swapped: the player who was the corp now sees the runner's grip.
    expect(await corp.getByTestId('viewer-label').textContent()).toMatch(/Runner/);
    expect(await runner.getByTestId('viewer-label').textContent()).toMatch(/Corp/);
    expect((await getRoom(base(), next ?? '')).status).toBe('active');

    // The lobby lists the first game as finished, with its replay.
    await runner.goto(`${base()}/#/`);
    await runner
      .locator(`[data-testid=finished-rooms] [data-room-id="${roomId}"]`)
      .getByTestId('replay-link')
      .click();
    await runner.getByTestId('replay').waitFor(WAIT);
    await expect
      .poll(() => runner.getByTestId('replay-version').textContent(), WAIT)
      .toBe(`Step ${last} of ${last}`);
  });

  it('a rematch against a bot starts at once, the bot on the other side at its level', async () => {
    const created = await createRoom(base(), {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'bot', level: 'random' } },
    });
    const { roomId } = created;
    const corp = await newPage(
      `#/room/${roomId}/seat/corp?token=${created.seats['corp']?.token ?? ''}`,
      390,
    );
    await corp.getByTestId('board').waitFor(WAIT);
    await corp.getByTestId('concede').click();
    await corp.getByTestId('concede-confirm').click();
    await corp.getByRole('button', { name: 'See the board' }).click();
    await corp.getByTestId('rematch-offer').click();
    await corp.getByTestId('rematch-go').click();
    await corp.getByTestId('board').waitFor(WAIT);
    // The player's new seat is the Runner's, and the room lists it connected once its socket
    // has joined (the presence reaches the room list just after the first view).
    await expect.poll(() => hashOf(corp), WAIT).toMatch(/^#\/room\/[^/]+\/seat\/runner$/);
    const next = /^#\/room\/([^/]+)\/seat\/runner$/.exec(await hashOf(corp))?.[1] ?? '';
    await expect
      .poll(async () => (await getRoom(base(), next)).seats, WAIT)
      .toEqual({
        corp: { type: 'bot', level: 'random' },
        runner: { type: 'human', connected: true },
      });
    expect(await overflow(corp)).toBeLessThanOrEqual(0);
  });
});
