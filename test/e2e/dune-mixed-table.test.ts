import type { Veil } from '@veil/cli';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesSkipReason } from '../support/index.js';
import { chromiumSkipReason, startBrowserWorld } from './browser.js';

// A mixed Dune table made from the lobby in Chromium: four factions, yours, another person's
// (who gets a link) and two bots at two different levels, each chosen on its own row; and a
// table whose other seats wait in the lobby for anyone to join. Every wait is for a condition on
// the page; the timeouts only bound a hang.

const skip = servicesSkipReason() ?? chromiumSkipReason();
const WAIT = { timeout: 30_000 };

describe.skipIf(skip)('a mixed Dune table from the lobby in Chromium', () => {
  let veil: Veil;
  let browser: Browser;

  const base = () => veil.url ?? '';
  /** A fresh browser (its own storage) on a page of this Veil. */
  const newPage = async (url: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const p = await context.newPage();
    await p.goto(url);
    return p;
  };

  beforeAll(async () => {
    ({ veil, browser } = await startBrowserWorld('dune_mixed'));
  });

  afterAll(async () => {
    await browser?.close();
    await veil?.close();
  });

  it('seats a person and two bots of different levels, one link for the person', async () => {
    const page = await newPage(base());
    await page.getByTestId('game').selectOption('dune');
    await page
      .locator('[data-testid=dune-others] option[value="bot:greedy"]')
      .waitFor({ ...WAIT, state: 'attached' });
    for (const f of ['bene_gesserit', 'spacing_guild']) {
      await page.getByTestId(`faction-${f}`).uncheck();
    }
    await page.getByTestId('dune-seat').selectOption('atreides');
    // One row per other faction, and none for yours.
    expect(await page.locator('[data-testid^=dune-played-by-]').count()).toBe(3);
    expect(await page.getByTestId('dune-played-by-atreides').count()).toBe(0);
    // The shortcut sets every row; then each row its own choice.
    await page.getByTestId('dune-others').selectOption('human');
    for (const f of ['emperor', 'fremen', 'harkonnen']) {
      expect(await page.getByTestId(`dune-played-by-${f}`).inputValue()).toBe('human');
    }
    await page.getByTestId('dune-played-by-fremen').selectOption('bot:random');
    await page.getByTestId('dune-played-by-harkonnen').selectOption('bot:greedy');
    await page.getByTestId('time-control').selectOption({ label: '15 min + 10 s' });
    await page.getByTestId('create-dune-room').click();

    // Exactly one link: the Emperor's.
    const links = page.getByTestId('share-link');
    await links.first().waitFor(WAIT);
    expect(await links.count()).toBe(1);
    const link = await links.inputValue();
    const [, roomId] = /#\/room\/([^/]+)\/seat\/emperor\?token=/.exec(link) ?? [];
    expect(roomId).toBeTruthy();

    // The lobby's list shows each bot seat with its level, and the two people's seats.
    const row = page.locator(
      `[data-testid=open-rooms] [data-testid=room-row][data-room-id="${roomId}"]`,
    );
    await row.waitFor(WAIT);
    expect(await row.getByTestId('room-game').textContent()).toBe('Dune, 15 min + 10 s');
    const seats = await row.getByTestId('room-seats').locator('div').allTextContents();
    expect(seats).toContain('Fremen: bot, Random (random)');
    expect(seats).toContain('Harkonnen: bot, Easy (greedy)');
    expect(seats.filter((s) => s.includes(': bot, '))).toHaveLength(2);
    expect(seats.filter((s) => /^(Atreides|Emperor): /.test(s))).toHaveLength(2);

    // The link opens the Emperor's board in another person's browser.
    const other = await newPage(link);
    await other.locator('[data-testid=board][data-game=dune][data-viewer=emperor]').waitFor(WAIT);
    expect(await other.getByTestId('seat-row').count()).toBe(4);
    // The time control clocks the two people, not the bots; it waits for the Atreides.
    await other.getByTestId('clocks-awaiting').waitFor(WAIT);
    const clocks = await other.getByTestId('clock').allTextContents();
    expect(clocks.sort()).toEqual(['Atreides 15:00', 'Emperor 15:00']);
  });

  it('leaves seats open for anyone in the lobby, and refuses them in a private room', async () => {
    const page = await newPage(base());
    await page.getByTestId('game').selectOption('dune');
    await page
      .locator('[data-testid=dune-others] option[value="bot:random"]')
      .waitFor({ ...WAIT, state: 'attached' });
    for (const f of ['bene_gesserit', 'spacing_guild', 'harkonnen']) {
      await page.getByTestId(`faction-${f}`).uncheck();
    }
    await page.getByTestId('dune-seat').selectOption('fremen');
    await page.getByTestId('dune-others').selectOption('open');
    await page.getByTestId('dune-played-by-emperor').selectOption('bot:random');

    // Private and open together: nobody could find the seat, so nothing is created.
    await page.getByTestId('dune-private').check();
    await page.getByTestId('create-dune-room').click();
    await page
      .getByTestId('error')
      .filter({ hasText: 'A private room is not listed' })
      .waitFor(WAIT);
    expect(await page.getByTestId('share-link').count()).toBe(0);
    expect(page.url()).not.toContain('/seat/');

    // Public: no link to send, so the creator goes straight to the board.
    await page.getByTestId('dune-private').uncheck();
    await page.getByTestId('create-dune-room').click();
    await page.locator('[data-testid=board][data-game=dune][data-viewer=fremen]').waitFor(WAIT);
    const roomId = /#\/room\/([^/]+)\/seat\/fremen/.exec(page.url())?.[1] ?? '';
    expect(roomId).not.toBe('');

    // Another person finds the Atreides' open seat in the lobby and sits in it.
    const other = await newPage(base());
    const row = other.locator(
      `[data-testid=open-rooms] [data-testid=room-row][data-room-id="${roomId}"]`,
    );
    await row.waitFor(WAIT);
    expect(await row.getByTestId('room-game').textContent()).toBe('Dune');
    const seats = await row.getByTestId('room-seats').locator('div').allTextContents();
    expect(seats).toEqual([
      'Atreides: open, anyone may join',
      'Emperor: bot, Random (random)',
      expect.stringMatching(/^Fremen: /),
    ]);
    expect(await row.getByTestId('join-seat').allTextContents()).toEqual(['Join as Atreides']);
    await row.getByTestId('join-seat').click();
    await other.locator('[data-testid=board][data-game=dune][data-viewer=atreides]').waitFor(WAIT);
  });
});
