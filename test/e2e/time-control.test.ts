import { getRoom } from '@veil/client';
import type { Veil } from '@veil/cli';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesSkipReason } from '../support/index.js';
import { chromiumSkipReason, screenshot, startBrowserWorld } from './browser.js';

// Time controls in Chromium (docs/protocol.md, "Time controls"): a room made in the lobby with
// a clock shows both seats' clocks, standing until both players are here, then the deciding
// seat's counting down, and the server flags the seat that never moves: the game ends on time for both seats. The world's node runs a time
// control second as 500 ms, so the lobby's "1 min" is 30 s. Every wait is for a condition on
// the page; the timeouts only bound a hang.

const skip = servicesSkipReason() ?? chromiumSkipReason();
const WAIT = { timeout: 20_000 };
/** Past the Runner's whole clock (30 s) with room to spare. */
const FLAG_WAIT = { timeout: 90_000 };

describe.skipIf(skip)('time controls in Chromium', () => {
  let veil: Veil;
  let browser: Browser;
  const base = () => veil.url ?? '';

  beforeAll(async () => {
    ({ veil, browser } = await startBrowserWorld('time_control', {
      metricsPort: 0,
      node: { clockSecondMs: 500 },
    }));
  });

  afterAll(async () => {
    await browser?.close();
    await veil?.close();
  });

  it('shows the clocks and ends the game when the Runner’s runs out', async () => {
    const corpContext = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const corp = await corpContext.newPage();
    await corp.goto(base());
    await corp.getByTestId('side').selectOption('corp');
    await corp.getByTestId('opponent').selectOption('human');
    // Off unless chosen.
    expect(await corp.getByTestId('time-control').inputValue()).toBe('');
    await corp.getByTestId('time-control').selectOption({ label: '1 min' });
    await corp.getByTestId('create-room').click();
    const share = corp.getByTestId('share-link');
    await share.waitFor(WAIT);
    const runnerLink = await share.inputValue();
    await corp.getByTestId('my-seat-link').click();
    await corp.locator('[data-testid=board][data-viewer=corp]').waitFor(WAIT);

    // The Runner's player is not here yet: no clock runs, and the bar says whom it waits for.
    const corpClock = corp.locator('[data-testid=clock][data-seat=corp]');
    await corp.getByTestId('clocks-awaiting').waitFor(WAIT);
    expect(await corp.getByTestId('clocks-awaiting').textContent()).toContain('Waiting for Runner');
    expect(await corp.locator('[data-testid=clock][data-running=true]').count()).toBe(0);
    expect(await corpClock.textContent()).toBe('Corp 0:30');

    const runnerContext = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const runner = await runnerContext.newPage();
    await runner.goto(runnerLink);
    await runner.locator('[data-testid=board][data-viewer=runner]').waitFor(WAIT);
    // Both players here: the Corp's clock runs (its mulligan), counting down on the page.
    await corp.locator('[data-testid=clock][data-seat=corp][data-running=true]').waitFor(WAIT);
    expect(await corp.getByTestId('clocks-awaiting').count()).toBe(0);
    expect(await corp.locator('[data-testid=clock][data-seat=runner]').textContent()).toBe(
      'Runner 0:30',
    );
    const first = await corpClock.textContent();
    await corp.waitForFunction(
      (before) =>
        document.querySelector('[data-testid=clock][data-seat=corp]')?.textContent !== before,
      first,
      WAIT,
    );
    await corp.getByRole('button', { name: 'Keep this hand' }).click();
    // Now the Runner decides: its clock runs, the Corp's stops.
    await runner.locator('[data-testid=clock][data-seat=runner][data-running=true]').waitFor(WAIT);
    await corp.locator('[data-testid=clock][data-seat=corp][data-running=false]').waitFor(WAIT);
    await screenshot(runner, 'time-control');

    // The Runner never moves: the server flags it, and both seats see the game end on time.
    for (const page of [runner, corp]) {
      await page.getByTestId('game-over').waitFor(FLAG_WAIT);
      expect(await page.getByTestId('winner').textContent()).toBe('The Corp wins');
      expect(await page.getByTestId('reason').textContent()).toBe(
        'Reason: the other side ran out of time.',
      );
      expect(await page.locator('[data-testid=clock][data-running=true]').count()).toBe(0);
      await page
        .locator('[data-testid=chat-line][data-kind=system]', {
          hasText: 'Runner ran out of time.',
        })
        .waitFor(WAIT);
    }
    const roomId = /#\/room\/([^/]+)\//.exec(runnerLink)?.[1] ?? '';
    expect(await getRoom(base(), roomId)).toMatchObject({
      status: 'finished',
      outcome: { winners: ['corp'], reason: 'time' },
    });
    // The replay shows each step's clocks, stopped: full at the start, the Runner's at 0:00 at
    // the end.
    await corp.goto(`${base()}/#/room/${roomId}/replay`);
    await corp.getByTestId('replay').waitFor(WAIT);
    const clockOf = (seat: string) => corp.locator(`[data-testid=clock][data-seat=${seat}]`);
    await expect.poll(() => clockOf('runner').textContent(), WAIT).toBe('Runner 0:00');
    await corp.getByTestId('replay-first').click();
    await corp.locator('[data-testid=board][data-version="0"]').waitFor(WAIT);
    await expect.poll(() => clockOf('runner').textContent(), WAIT).toBe('Runner 0:30');
    expect(await clockOf('corp').textContent()).toBe('Corp 0:30');
    expect(await corp.locator('[data-testid=clock][data-running=true]').count()).toBe(0);
    await corpContext.close();
    await runnerContext.close();
  }, 150_000);
});
