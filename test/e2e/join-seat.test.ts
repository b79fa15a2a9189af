import { getRoom } from '@veil/client';
import type { Veil } from '@veil/cli';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesSkipReason } from '../support/index.js';
import { chromiumSkipReason, startBrowserWorld } from './browser.js';

// Meeting an opponent in the lobby, in Chromium (docs/protocol.md, "Joining an open seat"): one
// player leaves the other seat open, another finds the room in the lobby and joins it, and the
// lobby counts who watches. Every wait is for a condition on the page; the timeouts only bound a
// hang.

const skip = servicesSkipReason() ?? chromiumSkipReason();
const WAIT = { timeout: 20_000 };

describe.skipIf(skip)('joining an open seat from the lobby in Chromium', () => {
  let veil: Veil;
  let browser: Browser;

  const base = () => veil.url ?? '';
  /** A fresh browser (its own storage) on a page of this Veil. */
  const newPage = async (hash = ''): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const p = await context.newPage();
    await p.goto(`${base()}/${hash}`);
    return p;
  };
  const roomRow = (p: Page, roomId: string) =>
    p.locator(`[data-testid=open-rooms] [data-testid=room-row][data-room-id="${roomId}"]`);

  beforeAll(async () => {
    ({ veil, browser } = await startBrowserWorld('join', { metricsPort: 0 }));
  });

  afterAll(async () => {
    await browser?.close();
    await veil?.close();
  });

  it('a player leaves a seat open, another joins it from the lobby, and both play', async () => {
    // Player A creates a room as the Corp and leaves the Runner's seat to anyone.
    const a = await newPage();
    await a.getByTestId('create-room').waitFor(WAIT);
    await a.getByTestId('side').selectOption('corp');
    await a.getByTestId('opponent').selectOption('open');
    await a.getByTestId('create-room').click();
    await a.getByTestId('board').waitFor(WAIT);
    const roomId = /#\/room\/([^/]+)\/seat\/corp/.exec(a.url())?.[1] ?? '';
    expect(roomId).not.toBe('');

    // Player B's lobby lists it as waiting for a player, with a Join button for the open seat.
    const b = await newPage();
    const row = roomRow(b, roomId);
    await row.waitFor(WAIT);
    expect(await row.getByTestId('room-state').textContent()).toMatch(
      /^Waiting for a player \(.*Runner: open seat\)$/,
    );
    expect(await row.getByTestId('room-seats').textContent()).toContain(
      'Runner: open, anyone may join',
    );
    expect(await row.getByTestId('join-seat').textContent()).toBe('Join as Runner');
    await row.getByTestId('join-seat').click();

    // B sits at the Runner's seat, and both see the game: the Corp decides its mulligan.
    await b.getByTestId('board').waitFor(WAIT);
    expect(b.url()).toMatch(new RegExp(`#/room/${roomId}/seat/runner`));
    await a.getByTestId('action').first().waitFor(WAIT);
    await b.locator('[data-testid=waiting], [data-testid=action]').first().waitFor(WAIT);
    // Both listed connected once their sockets' presence reached the room list.
    await expect
      .poll(async () => (await getRoom(base(), roomId)).seats, WAIT)
      .toEqual({
        corp: { type: 'human', connected: true },
        runner: { type: 'human', connected: true },
      });

    // The seat is taken now: another lobby offers no Join, and says the room is in progress.
    const c = await newPage();
    const taken = roomRow(c, roomId);
    await taken.waitFor(WAIT);
    await taken.getByTestId('room-state').filter({ hasText: 'In progress' }).waitFor(WAIT);
    expect(await taken.getByTestId('join-seat').count()).toBe(0);
    expect(await taken.getByTestId('room-spectators').textContent()).toBe('allowed, none watching');

    // A spectator watches: the lobby counts it.
    const watcher = await newPage(`#/room/${roomId}/watch`);
    await watcher.getByTestId('board').waitFor(WAIT);
    await c.getByTestId('refresh-rooms').click();
    await taken
      .getByTestId('room-spectators')
      .filter({ hasText: 'allowed, 1 watching' })
      .waitFor(WAIT);
  });

  it('a second player to click Join is told the seat was taken, and nothing changes', async () => {
    const a = await newPage();
    await a.getByTestId('create-room').waitFor(WAIT);
    await a.getByTestId('side').selectOption('runner');
    await a.getByTestId('opponent').selectOption('open');
    await a.getByTestId('create-room').click();
    await a.getByTestId('board').waitFor(WAIT);
    const roomId = /#\/room\/([^/]+)\/seat\/runner/.exec(a.url())?.[1] ?? '';
    // Two lobbies show the open seat; the first to click takes it.
    const [first, late] = [await newPage(), await newPage()];
    for (const p of [first, late]) await roomRow(p, roomId).getByTestId('join-seat').waitFor(WAIT);
    await roomRow(first, roomId).getByTestId('join-seat').click();
    await first.getByTestId('board').waitFor(WAIT);
    await roomRow(late, roomId).getByTestId('join-seat').click();
    await late
      .getByTestId('join-error')
      .filter({ hasText: 'Someone else took that seat first.' })
      .waitFor(WAIT);
    expect(late.url()).not.toContain('/seat/');
    await roomRow(late, roomId)
      .getByTestId('room-state')
      .filter({ hasText: 'In progress' })
      .waitFor(WAIT);
  });
});
