import { createRoom } from '@veil/client';
import type { Veil } from '@veil/cli';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesSkipReason } from '../support/index.js';
import { chromiumSkipReason, startBrowserWorld } from './browser.js';

// Stop settings in Chromium (services/web/src/stop-settings.ts): a stop a player changes at one
// table is the seat's own policy at the next table it opens with that side, in the same
// browser. Every wait is for a condition on the page; the timeouts only bound a hang.

const skip = servicesSkipReason() ?? chromiumSkipReason();
const WAIT = { timeout: 20_000 };
const KIND = 'run-approach-ice';

describe.skipIf(skip)('stop settings remembered in the browser', () => {
  let veil: Veil;
  let browser: Browser;

  const base = () => veil.url ?? '';
  const newContext = () => browser.newContext({ viewport: { width: 1400, height: 1000 } });

  /** A new two-player room; `seat`'s board opened in `context`. */
  const openSeat = async (context: BrowserContext, seat: 'corp' | 'runner'): Promise<Page> => {
    const created = await createRoom(base(), {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'human' } },
    });
    const token = created.seats[seat]?.token ?? '';
    const page = await context.newPage();
    await page.goto(`${base()}/#/room/${created.roomId}/seat/${seat}?token=${token}`);
    await page.getByTestId('board').waitFor(WAIT);
    return page;
  };

  /** The select of the window kind, in the (opened) Stops panel. */
  const setting = async (page: Page) => {
    const stops = page.getByTestId('stops');
    if ((await stops.getAttribute('open')) === null) await stops.locator('summary').click();
    return page.locator(`[data-testid=stop-setting][data-kind=${KIND}]`);
  };

  /** Waits until the setting shows `value` (it shows the seat's policy from the server's view). */
  const shows = async (page: Page, value: string) => {
    const select = await setting(page);
    await expect.poll(() => select.inputValue(), WAIT).toBe(value);
  };

  beforeAll(async () => {
    ({ veil, browser } = await startBrowserWorld('stops', { metricsPort: 0 }));
  });

  afterAll(async () => {
    await browser?.close();
    await veil?.close();
  });

  it("a stop changed in one room is the seat's policy in the next room with that side", async () => {
    const mine = await newContext();
    const first = await openSeat(mine, 'corp');
    await shows(first, 'default');
    await (await setting(first)).selectOption('auto-pass');
    await shows(first, 'auto-pass');

    // Another room as the Corp, in the same browser: set again without a click.
    const second = await openSeat(mine, 'corp');
    await shows(second, 'auto-pass');
    // Per side: the Runner's settings are its own.
    await shows(await openSeat(mine, 'runner'), 'default');
    // Another browser remembers nothing.
    await shows(await openSeat(await newContext(), 'corp'), 'default');

    // Back to the default: forgotten for the next room too.
    await (await setting(second)).selectOption('default');
    await shows(second, 'default');
    await shows(await openSeat(mine, 'corp'), 'default');
  });
});
