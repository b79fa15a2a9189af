import { connectSeat, connectSpectator, createRoom, type VeilConnection } from '@veil/client';
import type { Veil } from '@veil/cli';
import { TREACHERY, type DuneView, type FactionId } from '@veil/dune/client';
import { fixedChoice } from '@veil/dune/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesSkipReason } from '../support/index.js';
import { chromiumSkipReason, screenshot, startBrowserWorld } from './browser.js';

// Semuta Drug's fresh-discard boundary in Chromium (issue 34 req. 7) against a real Veil: a
// three-seat Semuta room on a fixed deal (seed 132: the Guild is dealt the Semuta at setup),
// played through the SDK by one fixed choice (`fixedChoice`, as in services/web/src/dune/semuta.test.ts)
// until the Harkonnen lose a battle and discard Slip Tip and Kulon. The Emperor is asked first,
// then the Guild, the holder. The pages of the Emperor, the Guild and a spectator are compared
// at each step. Every wait is for a condition on the page or a view version.

const skip = servicesSkipReason() ?? chromiumSkipReason();
const WAIT = { timeout: 30_000 };
const SEATS: readonly FactionId[] = ['emperor', 'harkonnen', 'spacing_guild'];
const CANDIDATES = ['slip_tip', 'kulon'] as const;
const NAMES = CANDIDATES.map((id) => TREACHERY[id].name);

const viewOf = (conn: VeilConnection) => conn.view?.view as unknown as DuneView;
const semutaOpen = (view: DuneView) =>
  view.windows.some((w) => w.kind === 'semuta' && w.status === 'open');

/** How often `text` occurs in `html`. */
const count = (html: string, text: string) => html.split(text).length - 1;

describe.skipIf(skip)('Semuta Drug in Chromium', () => {
  let veil: Veil;
  let browser: Browser;
  let roomId = '';
  let tokens: Record<string, string> = {};
  let version = 0;

  beforeAll(async () => {
    ({ veil, browser } = await startBrowserWorld('dune_semuta_web'));
    const base = veil.url ?? '';
    const created = await createRoom(base, {
      game: 'dune',
      seats: Object.fromEntries(SEATS.map((f) => [f, { type: 'human' as const }])),
      options: { seed: 132, gameOptions: { factions: SEATS, semutaDrug: true } },
    });
    roomId = created.roomId;
    tokens = Object.fromEntries(SEATS.map((f) => [f, created.seats[f]?.token ?? '']));
    // Through the SDK to the boundary: one seat at a time, each action at the version all saw.
    const conns = await Promise.all(
      SEATS.map((f) => connectSeat({ url: base, roomId, token: tokens[f]! })),
    );
    try {
      for (let step = 0; step < 100; step++) {
        const at = Math.max(...conns.map((c) => c.version ?? 0));
        await Promise.all(conns.map((c) => c.waitForView((v) => v.version >= at)));
        version = at;
        if (semutaOpen(viewOf(conns[0]!))) break;
        const i = SEATS.findIndex((f, k) => {
          const v = viewOf(conns[k]!);
          return v.deciders.includes(f) && (v.choice?.mine ?? null) === null;
        });
        expect(i, 'nobody to act').toBeGreaterThanOrEqual(0);
        const ack = await conns[i]!.act(fixedChoice(viewOf(conns[i]!).legalActions ?? []), {
          version,
        });
        expect(ack.ok, JSON.stringify(ack)).toBe(true);
      }
      expect(semutaOpen(viewOf(conns[0]!)), 'no Semuta boundary reached').toBe(true);
      expect(viewOf(conns[0]!).deciders).toEqual(['emperor']);
      expect(viewOf(conns[2]!).players.spacing_guild?.hand.map((c) => c.card)).toContain(
        'semuta_drug',
      );
    } finally {
      for (const c of conns) c.close();
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await veil?.close();
  });

  async function open(path: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${veil.url ?? ''}/#/room/${roomId}/${path}`);
    return page;
  }
  const seatPage = (f: FactionId) => open(`seat/${f}?token=${tokens[f]}`);
  const atVersion = (page: Page, v: number) =>
    page.locator(`[data-testid=board][data-version="${v}"]`).waitFor(WAIT);
  const buttons = (page: Page) =>
    page
      .locator('[data-testid=prompt] [data-testid=action]')
      .evaluateAll((els) =>
        els.map((e) => `${e.getAttribute('data-style')}: ${(e.textContent ?? '').trim()}`),
      );

  /**
   * The candidates' names occur in `page` only where the spectator's page has them (the public
   * pile, log and map) and in the cards the seat's own view shows it (its hand, faces it knows).
   */
  async function onlyPublicNames(page: Page, spectator: Page, viewer: FactionId): Promise<void> {
    const html = await page.content();
    const publicHtml = await spectator.content();
    const known = await page
      .locator('[data-testid=hand] li, .known-cards p')
      .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    for (const name of NAMES) {
      const own = known.reduce((n, text) => n + count(text, name), 0);
      expect(count(html, name), `${viewer}'s page shows ${name}`).toBe(
        count(publicHtml, name) + own,
      );
    }
  }

  it('asks the non-holder and the holder with the same Continue; only the holder can use Semuta, and no candidate shows before it commits', async () => {
    const [emperor, guild, spectator] = await Promise.all([
      seatPage('emperor'),
      seatPage('spacing_guild'),
      open('watch'),
    ]);
    await Promise.all([emperor, guild, spectator].map((p) => atVersion(p, version)));

    // The Emperor is asked: one generic Continue, nothing about Semuta.
    expect(await buttons(emperor)).toEqual(['pass: Continue']);
    expect(await buttons(guild)).toEqual([]);
    const prompt = await emperor.getByTestId('prompt-text').textContent();
    expect(await guild.getByTestId('prompt-text').textContent()).toBe(prompt);
    expect(await spectator.getByTestId('prompt-text').textContent()).toBe(prompt);
    for (const page of [emperor, guild, spectator]) {
      const html = await page.content();
      expect(html).not.toContain('Use Semuta');
      expect(html).not.toContain('Commit and inspect');
      expect(await page.getByTestId('semuta-candidates').count()).toBe(0);
    }
    await onlyPublicNames(emperor, spectator, 'emperor');
    await onlyPublicNames(guild, spectator, 'spacing_guild');

    // The Emperor continues; the Guild is asked: the same Continue, and apart, its commitment.
    await emperor.locator('[data-testid=action][data-style=pass]').click();
    version += 1;
    await Promise.all([emperor, guild, spectator].map((p) => atVersion(p, version)));
    expect(await buttons(guild)).toEqual(['pass: Continue', 'commit: Commit and inspect']);
    const commit = guild.getByTestId('semuta-commit');
    expect(await commit.locator('.group-label').textContent()).toBe('Use Semuta');
    expect(await commit.getByTestId('semuta-warning').textContent()).toMatch(
      /cannot be undone.*must take one/,
    );
    // Drawn apart: Continue in the pass style, the commitment in its own class.
    expect(await guild.locator('[data-testid=action][data-style=pass]').getAttribute('class')).toBe(
      'btn btn-pass',
    );
    expect(await guild.locator('[data-style=commit]').getAttribute('class')).toContain(
      'btn-commit',
    );
    for (const page of [emperor, spectator]) {
      const html = await page.content();
      expect(html).not.toContain('Use Semuta');
      expect(html).not.toContain('Commit and inspect');
      expect(await buttons(page)).toEqual([]);
    }
    expect(await guild.getByTestId('prompt-text').textContent()).toBe(prompt);
    expect(await emperor.getByTestId('prompt-text').textContent()).toBe(prompt);
    await screenshot(guild, 'dune-semuta-boundary');
    for (const page of [emperor, guild]) {
      expect(await page.getByTestId('semuta-candidates').count()).toBe(0);
      const panel = await page.getByTestId('prompt').innerText();
      for (const name of NAMES) expect(panel).not.toContain(name);
    }
    await onlyPublicNames(emperor, spectator, 'emperor');
    await onlyPublicNames(guild, spectator, 'spacing_guild');

    // The Guild commits: the candidates show on its page alone, as picks with no way back.
    await guild.locator('[data-testid=action][data-style=commit]').click();
    await guild.getByTestId('semuta-candidates').waitFor(WAIT);
    const committed = Number(await guild.getByTestId('board').getAttribute('data-version'));
    await Promise.all([emperor, spectator].map((p) => atVersion(p, committed)));
    const listed = await guild.getByTestId('semuta-candidates').innerText();
    for (const name of NAMES) expect(listed).toContain(name);
    expect(await buttons(guild)).toEqual(NAMES.map((n) => `act: Take ${n} (from Harkonnen)`));
    const handles = await guild
      .locator('[data-testid=semuta-candidates] [data-handle]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-handle') ?? ''));
    expect(handles).toHaveLength(2);
    for (const page of [emperor, spectator]) {
      expect(await page.getByTestId('semuta-candidates').count()).toBe(0);
      const html = await page.content();
      for (const h of handles) expect(html).not.toContain(h);
      expect(await page.getByTestId('prompt-text').textContent()).toBe(
        'Spacing Guild played Semuta Drug and takes one of the discarded cards.',
      );
    }
    await onlyPublicNames(emperor, spectator, 'emperor');

    // The pick: everyone's log says which card the Guild took (base-game discards are public).
    await guild.locator('[data-testid=action]').last().click();
    await emperor
      .getByTestId('log-line')
      .filter({ hasText: 'Spacing Guild took Kulon discarded by Harkonnen with Semuta Drug.' })
      .waitFor(WAIT);
    await emperor.getByTestId('log-line').filter({ hasText: 'played Semuta Drug' }).waitFor(WAIT);
    // The inspection is over: the list is gone from the claimant's page too.
    await guild
      .getByTestId('log-line')
      .filter({ hasText: 'Spacing Guild took Kulon' })
      .waitFor(WAIT);
    expect(await guild.getByTestId('semuta-candidates').count()).toBe(0);
  }, 120_000);

  it("keeps the shield's standing settings (Semuta, the Karama windows) on the server: a reload shows them", async () => {
    const page = await seatPage('harkonnen');
    const setting = page.getByTestId('semuta-setting');
    await setting.waitFor(WAIT);
    expect(await setting.inputValue()).toBe('ask');
    expect(await page.getByTestId('karama-stop').isChecked()).toBe(true);
    /** Waits for the new version a standing policy makes (the same trace for every value). */
    const changed = async (change: () => Promise<unknown>) => {
      const before = await page.getByTestId('board').getAttribute('data-version');
      await change();
      await page.locator(`[data-testid=board]:not([data-version="${before}"])`).waitFor(WAIT);
    };
    await changed(() => setting.selectOption('commit'));
    // The Karama box sets three windows' policies, one version each: the seat's own view has them.
    await changed(() => page.getByTestId('karama-stop').uncheck());
    const policies = async () => {
      const conn = await connectSeat({ url: veil.url ?? '', roomId, token: tokens['harkonnen']! });
      try {
        return viewOf(conn).policies;
      } finally {
        conn.close();
      }
    };
    await expect.poll(policies, WAIT).toMatchObject({
      karama_battle: 'auto-pass',
      karama_wormsign: 'auto-pass',
      karama_power: 'auto-pass',
    });
    await page.reload();
    await page.getByTestId('semuta-setting').waitFor(WAIT);
    expect(await page.getByTestId('semuta-setting').inputValue()).toBe('commit');
    expect(await page.getByTestId('karama-stop').isChecked()).toBe(false);
  });

  it('makes a Semuta room from the lobby with the chosen hand-limit guard; a room without it has no Semuta setting', async () => {
    const page = await (await browser.newContext()).newPage();
    /** A two-faction room against a random bot from the lobby; its id once the board shows. */
    const fromLobby = async (semuta: boolean): Promise<string> => {
      await page.goto(veil.url ?? '');
      await page.getByTestId('game').selectOption('dune');
      await page
        .locator('[data-testid=dune-others] option[value="bot:random"]')
        .waitFor({ ...WAIT, state: 'attached' });
      for (const f of ['atreides', 'bene_gesserit', 'fremen', 'spacing_guild'])
        await page.getByTestId(`faction-${f}`).uncheck();
      await page.getByTestId('dune-seat').selectOption('emperor');
      await page.getByTestId('dune-others').selectOption('bot:random');
      // The guard means something only with the card: it is enabled with it.
      expect(await page.getByTestId('dune-semuta-full-hand').isDisabled()).toBe(true);
      if (semuta) {
        await page.getByTestId('dune-semuta').check();
        await page.getByTestId('dune-semuta-full-hand').selectOption('barred');
      }
      await page.getByTestId('create-dune-room').click();
      await page.locator('[data-testid=board][data-viewer=emperor]').waitFor(WAIT);
      return /#\/room\/([^/]+)\/seat\/emperor/.exec(page.url())?.[1] ?? '';
    };
    /** The room's options as its public view carries them. */
    const options = async (room: string) => {
      const spectator = await connectSpectator({ url: veil.url ?? '', roomId: room });
      try {
        return (spectator.view?.view as unknown as DuneView).flow.options;
      } finally {
        spectator.close();
      }
    };

    const withSemuta = await fromLobby(true);
    expect(await page.getByTestId('semuta-setting').inputValue()).toBe('ask');
    expect(await options(withSemuta)).toMatchObject({ semutaDrug: true, semutaFullHand: 'barred' });
    const without = await fromLobby(false);
    expect(await page.getByTestId('shield').count()).toBe(1);
    expect(await page.getByTestId('semuta-setting').count()).toBe(0);
    expect((await options(without)).semutaDrug).toBeUndefined();
  });
});
