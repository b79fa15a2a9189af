import { connectSeat, createRoom, type VeilConnection } from '@veil/client';
import type { Veil } from '@veil/cli';
import { cardByTitle, type NetrunnerAction, type NetrunnerView } from '@veil/netrunner';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesSkipReason } from '../support/index.js';
import { chromiumSkipReason, screenshot, startBrowserWorld } from './browser.js';

// Cards, not button lists (issue 35, req. 4 and 9), in Chromium: the Runner's page against a
// Corp played through the SDK, on a fixed deal (seed 2: Tithe in HQ, Mayfly in the grip). Every
// wait is for a condition on the page; the timeouts only bound a hang.

const skip = servicesSkipReason() ?? chromiumSkipReason();
const WAIT = { timeout: 20_000 };
const TITHE = cardByTitle('Tithe')?.code ?? '';
const MAYFLY = cardByTitle('Mayfly')?.code ?? '';

describe.skipIf(skip)('card menus in Chromium', () => {
  let veil: Veil;
  let browser: Browser;
  let corp: VeilConnection | null = null;

  beforeAll(async () => {
    ({ veil, browser } = await startBrowserWorld('card_menus', { metricsPort: 0 }));
  });

  afterAll(async () => {
    corp?.close();
    await browser?.close();
    await veil?.close();
  });

  it('plays from a card menu, keeps the focus, announces the Corp, breaks ice from its menu', async () => {
    const base = veil.url ?? '';
    const created = await createRoom(base, {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'human' } },
      options: {
        seed: 2,
        gameOptions: {
          corpDeck: 'sg-tutorial-syndicate-intermediate',
          runnerDeck: 'sg-tutorial-catalyst',
        },
      },
    });
    const token = (seat: string) => created.seats[seat]?.token ?? '';
    corp = await connectSeat({ url: base, roomId: created.roomId, token: token('corp') });
    playCorp(corp);

    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${base}/#/room/${created.roomId}/seat/runner?token=${token('runner')}`);
    await page.getByTestId('board').waitFor(WAIT);
    // Everything the live region says, in order.
    // (In-page code as text: this package is compiled without the DOM's types.)
    await page.evaluate(`(() => {
      const said = (window.said = []);
      const live = document.querySelector('[data-testid=announcer]');
      new MutationObserver(() => said.push(live.textContent ?? '')).observe(live, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    })()`);
    await act(page, page.getByRole('button', { name: 'Keep this hand' }));

    // The Runner's first action phase: Mayfly in the grip has actions.
    const mayfly = page.locator(
      `[data-testid=hand-cards] .card[data-code="${MAYFLY}"][data-has-actions=true]`,
    );
    await passUntil(page, async () => (await mayfly.count()) > 0);
    const said = () => page.evaluate<string[]>('window.said');
    // The Corp's moves were announced, then that the decision is the Runner's.
    expect((await said()).some((t) => /Corp /.test(t))).toBe(true);
    expect((await said()).some((t) => /Your decision/.test(t))).toBe(true);

    // Click the card: its menu, the card's text, the action with its cost; take it.
    await mayfly.click();
    const menu = page.getByTestId('card-menu');
    await menu.waitFor(WAIT);
    expect(await menu.getByTestId('menu-card-text').textContent()).toContain('Mayfly');
    // Escape closes it and leaves the focus on the card; a click opens it again.
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached', ...WAIT });
    expect(await focusKey(page)).toBe(`hand-cards:${MAYFLY}`);
    await mayfly.click();
    await menu.waitFor(WAIT);
    const install = menu.locator('[data-testid=card-action]', { hasText: 'Install Mayfly' });
    expect(await install.getByTestId('cost').textContent()).toBe('1 click, 1¢');
    await act(page, install);
    await page.locator(`[data-testid=rig] .card[data-code="${MAYFLY}"]`).waitFor(WAIT);
    // The card left the hand: the focus is on the hand it left, not lost.
    expect(await focusKey(page)).toBe('zone:hand-cards');
    // A phone in the action phase (a run button beside each server): no wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.locator('[data-testid=server-action]').count()).toBeGreaterThan(0);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      390,
    );
    await page.setViewportSize({ width: 1400, height: 1000 });

    // From the keyboard: Enter on "Gain 1¢"; the focus is on that button again afterwards.
    const credit = page.locator('[data-testid=action][data-action-type=click-credit]');
    await credit.focus();
    const before = await page.getByTestId('board').getAttribute('data-version');
    await page.keyboard.press('Enter');
    await page.locator(`[data-testid=board]:not([data-version="${before}"])`).waitFor(WAIT);
    await passUntil(page, async () => (await credit.count()) > 0);
    expect(await focusKey(page)).toBe('action:Gain 1¢');

    // A run on HQ: the Corp rezzes Tithe; the Runner clicks the ice it encounters.
    await act(page, page.locator('[data-testid=action]', { hasText: 'Run on HQ' }));
    const ice = page.locator('.ice-slot.encountered [data-testid=card]');
    await passUntil(page, async () => (await ice.count()) > 0);
    await ice.click();
    await menu.waitFor(WAIT);
    expect(await menu.getByTestId('menu-card-text').textContent()).toContain('Tithe');
    const breakAll = menu.getByTestId('break-all');
    expect(await breakAll.textContent()).toMatch(/Match strength and break all with Mayfly/);
    expect(await breakAll.getByTestId('cost').textContent()).toMatch(/^\d+¢$/);
    // The individual breaks stay, each with its cost.
    const single = menu.locator('[data-testid=card-action][data-action-type=use]');
    expect(await single.count()).toBeGreaterThan(0);
    expect(await single.first().getByTestId('cost').textContent()).toMatch(/¢/);
    await screenshot(page, 'run-card-menu');
    // Still no page wider than a 390 px phone, the menu open.
    await page.setViewportSize({ width: 390, height: 844 });
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1400, height: 1000 });

    await breakAll.click();
    await page.waitForFunction(
      `(() => {
        const subs = [...document.querySelectorAll('.subroutines li')];
        return subs.length > 0 && subs.every((li) => li.classList.contains('broken'));
      })()`,
      null,
      WAIT,
    );
    expect(await page.getByTestId('act-error').count()).toBe(0);
    expect(await page.getByTestId('log-lines').textContent()).toMatch(/uses Mayfly to break/);
    await context.close();
  });
});

/** Takes an action from the page and waits for the next view. */
async function act(page: Page, target: ReturnType<Page['locator']>): Promise<void> {
  const version = await page.getByTestId('board').getAttribute('data-version');
  await target.click();
  await page.locator(`[data-testid=board]:not([data-version="${version}"])`).waitFor(WAIT);
}

/**
 * Passes the Runner's windows until `done`. Between passes it looks at the page again until
 * `done` holds or a pass is offered — while the Corp decides, or while the page draws the
 * Runner's decision — however slow the machine: the deadline only bounds a hang. (Counting
 * rounds instead made a time limit of their sleeps, which ran out under load in CI rehearsals.)
 */
async function passUntil(page: Page, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 120_000;
  const board = page.getByTestId('board');
  const pass = page.locator('[data-testid=action][data-style=pass]');
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('the page never got there');
    if ((await board.getAttribute('data-status')) === 'deciding' && (await pass.count()) > 0) {
      await act(page, pass.first());
      continue;
    }
    await page.waitForTimeout(100);
  }
}

async function focusKey(page: Page): Promise<string | null> {
  return page.evaluate<string | null>(
    "document.activeElement?.getAttribute('data-focus-key') ?? null",
  );
}

/**
 * The Corp through the SDK: keeps, installs Tithe on HQ, rezzes it when the Runner approaches,
 * else takes credits and passes.
 */
function playCorp(conn: VeilConnection): void {
  let busy = false;
  const prefer: ((a: NetrunnerAction) => boolean)[] = [
    (a) => a.type === 'choose' && a.value === 'keep',
    (a) => a.type === 'rez' && a.code === TITHE,
    (a) => a.type === 'install' && a.code === TITHE && a.server === 'hq',
    (a) => a.type === 'click-credit',
    (a) => a.type === 'pass',
    () => true,
  ];
  const step = async (): Promise<void> => {
    const view = conn.view?.view as NetrunnerView | undefined;
    const actions = view?.legalActions ?? [];
    if (busy || actions.length === 0) return;
    busy = true;
    const action = prefer.map((p) => actions.find(p)).find((a) => a !== undefined);
    try {
      if (action) await conn.act(action, { version: conn.version ?? 0 });
    } finally {
      busy = false;
    }
    await step();
  };
  conn.onView(() => void step());
  void step();
}
