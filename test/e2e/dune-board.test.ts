import { connectSpectator } from '@veil/client';
import type { Veil } from '@veil/cli';
import { TERRITORIES, TREACHERY, type DuneView } from '@veil/dune/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesSkipReason } from '../support/index.js';
import { chromiumSkipReason, screenshot, startBrowserWorld } from './browser.js';

// The Dune board in Chromium against a real Veil (gateway + game node + one AI worker, the
// in-process bus): a six-seat room with five bots made from the lobby, played by clicking as a
// person would, and its spectator page. Every wait is for a condition on the page.

const skip = servicesSkipReason() ?? chromiumSkipReason();
const WAIT = { timeout: 30_000 };
const CARD_NAMES: readonly string[] = Object.values(TREACHERY).map((card) => card.name);
/** The map's names, longest first: public, and holding card names ("Gara Kulon", "Shield Wall"). */
const PLACE_NAMES: readonly string[] = Object.values(TERRITORIES)
  .map((territory) => territory.name)
  .sort((a, b) => b.length - a.length);

describe.skipIf(skip)('the Dune board in Chromium', () => {
  let veil: Veil;
  let browser: Browser;
  let page: Page;
  let roomId = '';

  beforeAll(async () => {
    ({ veil, browser } = await startBrowserWorld('dune_web'));
    const context = await browser.newContext({ viewport: { width: 1500, height: 1100 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await veil?.close();
  });

  const base = () => veil.url ?? '';
  const board = () => page.getByTestId('board');
  const attr = async (name: string) => (await board().getAttribute(name)) ?? '';
  /** Whether the log shows a battle the Atreides fought with a plan of theirs, resolved. */
  const atreidesFought = async () => {
    const lines = await page
      .getByTestId('log-line')
      .evaluateAll((els) => els.map((el) => [el.getAttribute('data-type'), el.textContent ?? '']));
    const plans = lines.findLastIndex(
      ([type, text]) => type === 'battle_plans' && /\bAtreides: /.test(text ?? ''),
    );
    return plans >= 0 && lines.slice(plans + 1).some(([type]) => type === 'battle_result');
  };

  it('makes a six-seat room with five bots from the lobby and plays the first turns by clicking', async () => {
    await page.goto(base());
    await page.getByTestId('game').selectOption('dune');
    // Bots of the levels the workers serve for Dune.
    await page
      .locator('[data-testid=dune-others] option[value="bot:random"]')
      .waitFor({ ...WAIT, state: 'attached' });
    await page.getByTestId('dune-seat').selectOption('atreides');
    await page.getByTestId('dune-others').selectOption('bot:random');
    await page.getByTestId('create-dune-room').click();
    await page.locator('[data-testid=board][data-game=dune][data-viewer=atreides]').waitFor(WAIT);
    roomId = /#\/room\/([^/]+)\/seat\/atreides\?token=/.exec(page.url())?.[1] ?? '';
    expect(roomId).not.toBe('');

    // The map: every territory, the storm, and the six seats with the bots named.
    expect(await page.locator('[data-territory]').count()).toBe(42);
    expect(await page.getByTestId('storm').getAttribute('data-storm')).toMatch(/^\d+$/);
    const rows = page.getByTestId('seat-row');
    expect(await rows.count()).toBe(6);
    expect(await rows.filter({ hasText: 'bot, Random (random)' }).count()).toBe(5);
    // Another seat's spice is behind its shield; the Atreides' own shows (10 at the start).
    expect(await page.locator('[data-faction=harkonnen] td').nth(1).textContent()).toBe('hidden');
    expect(Number(await page.getByTestId('my-spice').locator('.stat-value').textContent())).toBe(
      10,
    );
    await screenshot(page, 'dune-board');

    const done = new Map<string, number>();
    let movedByMap = false;
    let fought = false;
    for (let clicks = 0; ; clicks++) {
      expect(clicks, 'too many clicks').toBeLessThan(300);
      if ((await attr('data-status')) === 'over') break;
      // Until turn 3 has started and a battle of ours has been fought (turn 6 at the latest).
      fought ||= await atreidesFought();
      const turn = Number(await attr('data-turn'));
      if ((turn >= 3 && fought) || turn >= 6) break;
      const version = await attr('data-version');
      // Our hidden choice is in: wait for the others (the board changes version).
      const mine = page.locator('[data-testid=own-commitment]');
      const next = page.locator(
        '[data-testid=action]:not([disabled]), [data-testid=submit-action]:not([disabled]), [data-status=over]',
      );
      if ((await mine.count()) > 0) {
        expect(await mine.textContent()).toMatch(/^Yours is in: .+ You may change it/);
        await page.locator(`[data-testid=board]:not([data-version="${version}"])`).waitFor(WAIT);
        continue;
      }
      await next.first().waitFor(WAIT);
      if ((await attr('data-status')) === 'over') break;
      const current = await attr('data-version');
      // Until we have committed a battle plan, each turn's shipment goes where another
      // faction's forces are (Carthag, the Harkonnen's stronghold, first while they hold it):
      // a battle there follows unless they all leave, and then the next turn ships again.
      const shipTo = page.locator(
        '[data-testid=action-form][data-action-type=ship] [data-field=to]',
      );
      const battleArea =
        done.has('plan') || (await shipTo.count()) === 0
          ? null
          : await shipTo.evaluate((select: HTMLSelectElement) => {
              const values = [...select.options].map((o) => o.value);
              const occupied = (value: string) =>
                document.querySelector(
                  `[data-testid=area][data-area="${JSON.parse(value)}"] .force:not([data-faction=atreides])`,
                ) !== null;
              const carthag = JSON.stringify('carthag:10');
              return [carthag, ...values].find((v) => values.includes(v) && occupied(v)) ?? null;
            });
      // Once, a move made on the map: a source area, then a destination, then the form.
      const moveForm = page.locator('[data-testid=action-form][data-action-type=move]');
      if (battleArea !== null) {
        await shipTo.selectOption(battleArea);
        await page
          .locator('[data-testid=action-form][data-action-type=ship] [data-testid=submit-action]')
          .click();
        done.set('ship', (done.get('ship') ?? 0) + 1);
      } else if (!movedByMap && (await moveForm.count()) > 0) {
        // From Arrakeen (the forces in Carthag stay for the battle).
        const fromArrakeen = page.locator('[data-testid=area].legal-from[data-area="arrakeen:9"]');
        await (
          (await fromArrakeen.count()) > 0
            ? fromArrakeen
            : page.locator('[data-testid=area].legal-from').first()
        ).click();
        const to = page.locator('[data-testid=area].legal-to').first();
        const area = await to.getAttribute('data-area');
        await to.click();
        expect(await moveForm.locator('[data-field=to]').inputValue()).toBe(JSON.stringify(area));
        await moveForm.getByTestId('submit-action').click();
        movedByMap = true;
        done.set('move', (done.get('move') ?? 0) + 1);
      } else {
        // A person passing through: pass when offered, else the first choice as its form
        // shows it (a traitor, a dial, a revival, a battle plan), else the first button; never
        // spice given away (a bribe) while anything else is offered.
        const pass = page.locator('[data-testid=action][data-style=pass]:not([disabled])');
        const other = page.locator(
          ':is([data-testid=submit-action], [data-testid=action]):not([disabled]):not([data-action-type=bribe])',
        );
        const target =
          (await pass.count()) > 0
            ? pass.first()
            : (await other.count()) > 0
              ? other.first()
              : next.first();
        const type = (await target.getAttribute('data-action-type')) ?? '?';
        done.set(type, (done.get(type) ?? 0) + 1);
        await target.click();
      }
      await page
        .locator(`[data-testid=board]:not([data-version="${current}"]), [data-testid=act-error]`)
        .first()
        .waitFor(WAIT);
      expect(await page.getByTestId('act-error').count(), 'the server refused a click').toBe(0);
    }
    // The first decisions of the game went through the board: the traitor pick, and the
    // turn's phases after it (bidding, shipment and movement at least), and a battle of ours:
    // its plan committed from the form, revealed and resolved (the log says so).
    expect(done.get('setup')).toBe(1);
    expect([...done.keys()], JSON.stringify([...done])).toEqual(
      expect.arrayContaining(['bid_pass', 'ship', 'plan']),
    );
    expect(fought, `no battle of the Atreides resolved: ${JSON.stringify([...done])}`).toBe(true);
    expect(movedByMap || (await attr('data-status')) === 'over').toBe(true);
    // The log tells what happened, in words.
    expect(await page.getByTestId('log-line').count()).toBeGreaterThan(5);
    await screenshot(page, 'dune-board-played');
  }, 600_000);

  it('shows a spectator no hand, no traitor and no card but the public ones', async () => {
    const watcher = await page.context().newPage();
    await watcher.goto(`${base()}/#/room/${roomId}/watch`);
    await watcher.locator('[data-testid=board][data-viewer=spectator]').waitFor(WAIT);
    const spectator = await connectSpectator({ url: base(), roomId });
    try {
      // The bots play on: the page and the socket's view are compared at one version, read
      // again until the page held still through the reads and the socket is at that version.
      const pageVersion = async () =>
        Number(await watcher.getByTestId('board').getAttribute('data-version'));
      let view: DuneView | undefined;
      let side = '';
      let prompt = '';
      let seats = '';
      for (let attempt = 0; attempt < 50 && view === undefined; attempt += 1) {
        const version = await pageVersion();
        side = await watcher.locator('.dune-side').innerText();
        prompt = await watcher.getByTestId('prompt-text').innerText();
        seats = await watcher.getByTestId('seats').innerText();
        if ((await pageVersion()) !== version) continue;
        await spectator.waitForView((v) => v.version >= version);
        // The gateway sends a version's log entries right after its view: any answer to a later
        // request comes after them, so the socket's log is at that version too.
        await spectator.rawRequest('ping', {});
        if (spectator.view?.version === version) view = spectator.view.view as unknown as DuneView;
      }
      if (view === undefined) throw new Error('the page and the socket never showed one version');
      expect(await watcher.getByTestId('hand').count()).toBe(0);
      expect(await watcher.getByTestId('traitors').count()).toBe(0);
      expect(await watcher.getByTestId('action').count()).toBe(0);
      // Card names on the page are the public ones only (discards, revealed plans, the log).
      const publicText = JSON.stringify([view, spectator.log]);
      const ids = Object.keys(TREACHERY);
      // Everything but the map's names (which hold card names: "Gara Kulon", "Shield Wall") and,
      // while a window is open, the prompt naming its public kind ("… play Weather Control /
      // Family Atomics now, or pass" opens for every eligible seat, holder or not).
      const windowOpen = view.windows.some((w) => w.status === 'open');
      const text = PLACE_NAMES.reduce(
        (rest, place) => rest.replaceAll(place, ''),
        [windowOpen ? side.replace(prompt, '') : side, seats].join('\n'),
      );
      for (const [i, name] of CARD_NAMES.entries()) {
        if (publicText.includes(`"${ids[i]}"`)) continue;
        const shown = new RegExp(`\\b${name}\\b`).test(text);
        expect(shown, `spectator page shows ${name}`).toBe(false);
      }
      expect(text).not.toContain('Your shield');
    } finally {
      spectator.close();
    }
  });
});
