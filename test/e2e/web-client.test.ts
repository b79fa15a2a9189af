import {
  connectSeat,
  connectSpectator,
  createRoom,
  type LogEvent,
  type VeilConnection,
} from '@veil/client';
import type { Veil } from '@veil/cli';
import { CARDS, cardByCode, type NetrunnerAction, type NetrunnerView } from '@veil/netrunner';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesSkipReason } from '../support/index.js';
import { chromiumSkipReason, screenshot, startBrowserWorld } from './browser.js';

// The web client in a real browser against a real Veil (gateway + game node + AI worker in this
// process, on the test Postgres, with the in-process bus), serving services/web/dist. Every
// wait is for a condition on the page; the timeouts only bound a hang.

const skip = servicesSkipReason() ?? chromiumSkipReason();

// The little of the DOM that functions run in the page use (this project has no DOM types).
interface PageElement {
  getAttribute(name: string): string | null;
  readonly textContent: string | null;
}
declare const document: { querySelectorAll(selector: string): Iterable<PageElement> };
const WAIT = { timeout: 20_000 };
const AGENDA_CODES = CARDS.filter((card) => card.type === 'agenda').map((card) => card.code);

describe.skipIf(skip)('web client in Chromium', () => {
  let veil: Veil;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** The seat page of the room played in the first test (its URL holds the token). */
  let seatUrl = '';
  let roomId = '';
  let botRoomId = '';

  beforeAll(async () => {
    ({ veil, browser } = await startBrowserWorld('web'));
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await veil?.close();
  });

  const base = () => veil.url ?? '';
  const board = (p: Page) => p.getByTestId('board');
  const attr = async (p: Page, name: string) => (await board(p).getAttribute(name)) ?? '';
  const statValue = async (p: Page, testid: string) =>
    Number(await p.getByTestId(testid).locator('.stat-value').textContent());

  /** Waits until the board shows a version other than `version` (or an error). */
  const waitForNewVersion = (p: Page, version: string) =>
    p
      .locator(`[data-testid=board]:not([data-version="${version}"]), [data-testid=act-error]`)
      .first()
      .waitFor(WAIT);

  it('creates a room against a random bot from the lobby and plays three full turns by clicking', async () => {
    /** Creates a room against a `random` bot from the lobby; the page shows the Corp's board. */
    const createFromLobby = async () => {
      await page.goto(base());
      await page.getByTestId('create-room').waitFor(WAIT);
      await page.locator('[data-testid=room-list] :is(table, p)').first().waitFor(WAIT);
      await page.getByTestId('side').selectOption('corp');
      // Exactly the levels the workers serve (all four here), named for players.
      await page
        .locator('[data-testid=opponent] option[value="bot:expert"]')
        .waitFor({ ...WAIT, state: 'attached' });
      expect(await page.locator('[data-testid=opponent] option').allTextContents()).toEqual([
        'Bot: Random (random)',
        'Bot: Easy (greedy)',
        'Bot: Medium (ismcts)',
        'Bot: Hard (expert)',
        'Another player (share a link)',
        'Anyone from the lobby (leave the seat open)',
      ]);
      await page.getByTestId('opponent').selectOption('bot:random');
      await page.getByTestId('create-room').click();
      await page.locator('[data-testid=board][data-viewer=corp]').waitFor(WAIT);
      seatUrl = page.url();
      roomId = /#\/room\/([^/]+)\/seat\/corp\?token=/.exec(seatUrl)?.[1] ?? '';
      expect(roomId).not.toBe('');
      expect(await page.getByTestId('viewer-label').textContent()).toContain('Corp');
    };
    await createFromLobby();

    let sawCreditClick = false;
    let clicks = 0;
    // A random bot may win before turn 7 (about 1 game in 300 with this play): a legal outcome,
    // not a fault, so the test starts a new room then, at most twice.
    let earlyEnds = 0;
    // Corp turns are odd: turn 7 starting means turns 1-6 (three of each side) are over.
    while (Number(await attr(page, 'data-turn')) < 7) {
      expect(clicks, 'too many clicks for three turns').toBeLessThan(250 * (earlyEnds + 1));
      const next = page.locator('[data-testid=action]:not([disabled]), [data-testid=game-over]');
      await next.first().waitFor(WAIT);
      if ((await page.getByTestId('game-over').count()) > 0) {
        earlyEnds += 1;
        expect(earlyEnds, 'every game ended before turn 7').toBeLessThan(3);
        await createFromLobby();
        continue;
      }
      expect(await attr(page, 'data-status')).toBe('deciding');
      // First a credit (to check the board), then ice for the bot to run into (never rezzed,
      // so the bot is not flatlined before turn 7) from the ice card's menu, else credits,
      // else pass; picked in the page in one round trip.
      const ice = page.locator('[data-testid=hand-cards] .card.type-ice[data-has-actions=true]');
      if (sawCreditClick && (await ice.count()) > 0) {
        const version = await attr(page, 'data-version');
        await ice.first().click();
        await page.locator('[data-testid=card-action]', { hasText: 'protecting' }).first().click();
        await waitForNewVersion(page, version);
        expect(await page.getByTestId('act-error').count()).toBe(0);
        clicks += 1;
        continue;
      }
      const index = await page.evaluate(
        ([wantCredit, agendas]) => {
          const buttons = [...document.querySelectorAll('[data-testid=action]:not([disabled])')];
          const type = (b: PageElement) => b.getAttribute('data-action-type');
          const pick =
            (wantCredit ? buttons.find((b) => type(b) === 'click-credit') : undefined) ??
            buttons.find((b) => type(b) === 'click-credit') ??
            buttons.find((b) => b.getAttribute('data-style') === 'pass') ??
            // Discards: never an agenda (the bot would steal it from Archives).
            buttons.find((b) => !agendas.includes(b.getAttribute('data-code') ?? '')) ??
            buttons[0];
          return pick?.getAttribute('data-index') ?? null;
        },
        [!sawCreditClick, AGENDA_CODES] as const,
      );
      expect(index).not.toBeNull();
      const button = page.locator(`[data-testid=action][data-index="${index}"]`);
      const version = await attr(page, 'data-version');
      const isCredit = (await button.getAttribute('data-action-type')) === 'click-credit';
      const before = isCredit
        ? {
            credits: await statValue(page, 'corp-credits'),
            clicks: await statValue(page, 'corp-clicks'),
            log: await page.getByTestId('log-line').count(),
          }
        : null;
      await button.click();
      await waitForNewVersion(page, version);
      expect(await page.getByTestId('act-error').count()).toBe(0);
      clicks += 1;
      if (before && !sawCreditClick) {
        // The board shows the new view: one more credit, one click less, a new log line.
        sawCreditClick = true;
        expect(await statValue(page, 'corp-credits')).toBe(before.credits + 1);
        expect(await statValue(page, 'corp-clicks')).toBe(before.clicks - 1);
        await page.locator('[data-testid=log-line]').nth(before.log).waitFor(WAIT);
      }
    }
    expect(sawCreditClick).toBe(true);
    expect(await page.getByTestId('game-over').count()).toBe(0);
    expect(Number(await attr(page, 'data-turn'))).toBeGreaterThanOrEqual(7);
    expect(await page.getByTestId('log-line').count()).toBeGreaterThan(10);
    // The bot played its turns: its moves are in the log.
    expect(await page.getByTestId('log-lines').textContent()).toMatch(/Runner/);

    // Card text on hover: a card of the hand shows its printed text; a card back shows nothing.
    const tip = page.getByTestId('card-tip');
    const handCard = page.locator('[data-testid=hand-cards] [data-code]').first();
    const title = (await handCard.locator('.card-title').textContent()) ?? '';
    await handCard.hover();
    await page.locator('[data-testid=card-tip]:not([hidden])').waitFor(WAIT);
    expect(await tip.textContent()).toContain(title);
    const back = page.locator('[data-testid=board] .card.facedown');
    await ((await back.count()) > 0 ? back.first() : page.getByTestId('status')).hover();
    await page.locator('[data-testid=card-tip][hidden]').waitFor({ state: 'attached', ...WAIT });
    await screenshot(page, 'board');
  });

  it('a spectator page shows no card title that only a seat knows (hands, decks, facedown cards)', async () => {
    // Meanwhile two bots play a short game (the first agenda point wins), for the last test.
    botRoomId = (
      await createRoom(base(), {
        game: 'netrunner',
        seats: { corp: { type: 'bot', level: 'random' }, runner: { type: 'bot', level: 'random' } },
        options: { seed: 3, gameOptions: { agendaPointsToWin: 1 } },
      })
    ).roomId;
    const created = await createRoom(base(), {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'human' } },
      options: { seed: 11 },
    });
    const watcher = await context.newPage();
    await watcher.goto(`${base()}/#/room/${created.roomId}/watch`);
    await watcher.locator('[data-testid=board][data-viewer=spectator]').waitFor(WAIT);
    // Two people and a chosen seed: everyone at the table is told the deal was fixed.
    expect(await watcher.getByTestId('fixed-deal').textContent()).toContain('Fixed deal');
    // The same public stream through the SDK: what the server says a spectator may read.
    const spectator = await connectSpectator({ url: base(), roomId: created.roomId });
    const publicLog: LogEvent[] = [];
    spectator.onLog((event) => publicLog.push(event));
    const seats: Record<'corp' | 'runner', VeilConnection> = {
      corp: await connectSeat({
        url: base(),
        roomId: created.roomId,
        token: created.seats['corp']?.token ?? '',
      }),
      runner: await connectSeat({
        url: base(),
        roomId: created.roomId,
        token: created.seats['runner']?.token ?? '',
      }),
    };
    try {
      await playUntilTurn(seats, 5);
      const version = Math.max(seats.corp.version ?? 0, seats.runner.version ?? 0);
      await spectator.waitForView((v) => v.version >= version);
      await watcher.locator(`[data-testid=board][data-version="${version}"]`).waitFor(WAIT);

      const corpView = seats.corp.view?.view as NetrunnerView;
      const runnerView = seats.runner.view?.view as NetrunnerView;
      const publicView = spectator.view?.view as NetrunnerView;
      const allowed = new Set<string>([...titlesIn(publicView)]);
      for (const event of publicLog)
        for (const title of titlesIn(event.entries)) allowed.add(title);

      // What the seats know and a spectator must not: their hands, their decks (R&D, the
      // stack), and every card a seat can see that the public view shows facedown.
      const known = new Set<string>([
        ...titlesIn(corpView.corp.hq),
        ...titlesIn(runnerView.runner.grip),
        ...deckTitles(corpView, 'corp'),
        ...deckTitles(runnerView, 'runner'),
        ...titlesIn(corpView.servers),
        ...titlesIn(corpView.corp.archives),
      ]);
      // (A title that is part of a public one, as a whole word, may show as part of it.)
      const secret = [...known].filter(
        (title) => !allowed.has(title) && ![...allowed].some((t) => wordIn(title, t)),
      );
      expect(secret.length, 'the game should have hidden cards').toBeGreaterThan(5);
      expect(titlesIn(corpView.corp.hq).length).toBeGreaterThan(0);

      const text = (await watcher.locator('body').innerText()) ?? '';
      const html = await watcher.content();
      expect(text).toContain(cardName(publicView.corp.identity.code));
      for (const title of secret) {
        expect(wordIn(title, text), `spectator page shows "${title}"`).toBe(false);
        expect(wordIn(escapeHtml(title), html), `spectator page holds "${title}"`).toBe(false);
      }
      // Card text on hover comes only for cards the page was shown.
      const codes = await watcher
        .locator('[data-code]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-code') ?? ''));
      for (const code of codes) expect(allowed.has(cardName(code)), code).toBe(true);
      expect(await watcher.getByTestId('action').count()).toBe(0);
      expect(await watcher.getByTestId('viewer-label').textContent()).toContain('Spectating');
      await screenshot(watcher, 'spectator');
    } finally {
      spectator.close();
      seats.corp.close();
      seats.runner.close();
      await watcher.close();
    }
  });

  it('reloading the seat page resumes the seat with the current view', async () => {
    expect(seatUrl).not.toBe('');
    await page.goto(seatUrl);
    await page.locator('[data-testid=board][data-viewer=corp]').waitFor(WAIT);
    const version = Number(await attr(page, 'data-version'));
    const turn = await attr(page, 'data-turn');
    const logLines = await page.getByTestId('log-line').count();

    await page.reload();
    await page.locator('[data-testid=board][data-viewer=corp]').waitFor(WAIT);
    expect(Number(await attr(page, 'data-version'))).toBeGreaterThanOrEqual(version);
    expect(await attr(page, 'data-turn')).toBe(turn);
    // The log received before the reload is still there.
    expect(await page.getByTestId('log-line').count()).toBeGreaterThanOrEqual(logLines);

    // The same seat from the link without its token: the browser kept it.
    const fresh = await context.newPage();
    await fresh.goto(`${base()}/#/room/${roomId}/seat/corp`);
    await fresh.locator('[data-testid=board][data-viewer=corp]').waitFor(WAIT);
    expect(await fresh.getByTestId('viewer-label').textContent()).toContain('Corp');
    // A new tab has the game's log too: the gateway sends it after connecting.
    await fresh
      .getByTestId('log-line')
      .nth(logLines - 1)
      .waitFor(WAIT);
    // It can act when the game waits on it.
    if ((await attr(fresh, 'data-status')) === 'deciding') {
      await fresh.locator('[data-testid=action]:not([disabled])').first().waitFor(WAIT);
    }
    // The lobby lists the room, with a link back to this browser's seat.
    await fresh.goto(base());
    await fresh.locator(`[data-testid=room-row][data-room-id="${roomId}"]`).waitFor(WAIT);
    expect(
      await fresh
        .locator(`[data-testid=room-row][data-room-id="${roomId}"] [data-testid=resume-link]`)
        .textContent(),
    ).toContain('corp');
    await screenshot(fresh, 'lobby');
    await fresh.close();
  });

  it('against another player, the lobby gives a link for the other seat', async () => {
    const host = await context.newPage();
    await host.goto(base());
    await host.getByTestId('side').selectOption('runner');
    await host.getByTestId('opponent').selectOption('human');
    await host.getByTestId('create-room').click();
    const share = host.getByTestId('share-link');
    await share.waitFor(WAIT);
    const link = await share.inputValue();
    expect(link).toMatch(/#\/room\/[^/]+\/seat\/corp\?token=[A-Za-z0-9_-]{43}$/);
    await host.getByTestId('my-seat-link').click();
    await host.locator('[data-testid=board][data-viewer=runner]').waitFor(WAIT);
    // The other player, in another browser, opens the link and holds the Corp's seat.
    const other = await browser.newContext();
    const guest = await other.newPage();
    await guest.goto(link);
    await guest.locator('[data-testid=board][data-viewer=corp]').waitFor(WAIT);
    // A room from the lobby gets the server's own secret seed: no fixed-deal notice.
    expect(await guest.getByTestId('fixed-deal').count()).toBe(0);
    // The Corp decides on its mulligan first; the Runner's page says whom it waits for.
    await guest.locator('[data-testid=action]:not([disabled])').first().waitFor(WAIT);
    await host.getByTestId('waiting').getByText('Waiting for the Corp').waitFor(WAIT);
    expect(await host.getByTestId('action').count()).toBe(0);
    await guest.getByRole('button', { name: 'Keep this hand' }).click();
    await host.getByRole('button', { name: 'Keep this hand' }).waitFor(WAIT);
    await guest.getByTestId('waiting').getByText('Waiting for the Runner').waitFor(WAIT);
    await other.close();
    await host.close();
  });

  it('a wrong token is refused: a visible error, and nothing to click', async () => {
    // A fresh browser context: no token of this room in its storage.
    const other = await browser.newContext();
    const intruder = await other.newPage();
    const wrong = 'A'.repeat(43);
    await intruder.goto(`${base()}/#/room/${roomId}/seat/corp?token=${wrong}`);
    const error = intruder.getByTestId('error');
    await error.waitFor(WAIT);
    expect(await error.textContent()).toMatch(/invalid credentials/i);
    expect(await intruder.getByTestId('board').count()).toBe(0);
    expect(await intruder.getByTestId('action').count()).toBe(0);
    // Without any token at all, the page says so and offers nothing either.
    await intruder.goto(`${base()}/#/room/${roomId}/seat/runner`);
    await intruder.getByText(/holds no token/).waitFor(WAIT);
    expect(await intruder.getByTestId('action').count()).toBe(0);
    await other.close();
  });

  it('a finished game shows the winner and the reason', async () => {
    const watcher = await context.newPage();
    await watcher.goto(`${base()}/#/room/${botRoomId}/watch`);
    const over = watcher.getByTestId('game-over');
    await over.waitFor({ timeout: 90_000 });
    const spectator = await connectSpectator({ url: base(), roomId: botRoomId });
    const outcome = (spectator.view?.view as NetrunnerView).outcome;
    spectator.close();
    expect(outcome).not.toBeNull();
    const winner = outcome?.winner === 'corp' ? 'Corp' : 'Runner';
    expect(await watcher.getByTestId('winner').textContent()).toBe(`The ${winner} wins`);
    expect(await watcher.getByTestId('reason').textContent()).toMatch(/^Reason: .+\.$/);
    expect(await watcher.getByTestId('status').textContent()).toMatch(/^Game over/);
    // The overlay closes on demand to show the final board.
    await over.getByRole('button', { name: 'See the board' }).click();
    await watcher.getByTestId('game-over').waitFor({ state: 'detached', ...WAIT });
    await watcher.close();
  });
});

/**
 * Plays both seats through the SDK until `turn` starts: keep the hand, install what can be
 * installed (so the board has facedown cards), else draw, else take a credit, else the first
 * legal action (passes, continues, discards).
 */
async function playUntilTurn(
  seats: Record<'corp' | 'runner', VeilConnection>,
  turn: number,
): Promise<void> {
  const prefer: ((a: NetrunnerAction) => boolean)[] = [
    (a) => a.type === 'choose' && a.value === 'keep',
    (a) => a.type === 'install' && (a.server === undefined || a.server !== 'new'),
    (a) => a.type === 'install',
    (a) => a.type === 'click-draw',
    (a) => a.type === 'click-credit',
    () => true,
  ];
  for (let step = 0; step < 400; step += 1) {
    const views = (['corp', 'runner'] as const).map((seat) => ({
      seat,
      view: seats[seat].view?.view as NetrunnerView,
      version: seats[seat].version ?? 0,
    }));
    if (views.some((v) => v.view.outcome || v.view.turn >= turn)) return;
    const decider = views.find((v) => (v.view.legalActions?.length ?? 0) > 0);
    if (!decider) {
      // Both views are behind the game: wait for the next one.
      const latest = Math.max(...views.map((v) => v.version));
      await Promise.race(
        (['corp', 'runner'] as const).map((seat) =>
          seats[seat].waitForView((v) => v.version > latest),
        ),
      );
      continue;
    }
    const actions = decider.view.legalActions ?? [];
    const action = prefer.map((p) => actions.find(p)).find((a) => a !== undefined);
    const ack = await seats[decider.seat].act(action as NetrunnerAction, {
      version: decider.version,
    });
    if (!ack.ok) throw new Error(`${decider.seat} could not act: ${ack.error.code}`);
    await Promise.all(
      (['corp', 'runner'] as const).map((seat) =>
        seats[seat].waitForView((v) => v.version >= ack.version),
      ),
    );
  }
  throw new Error(`turn ${turn} not reached`);
}

/** Every `title` anywhere in a JSON value. */
function titlesIn(value: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        if (key === 'title' && typeof child === 'string') out.push(child);
        else walk(child);
      }
    }
  };
  walk(value);
  return out;
}

interface DeckListJson {
  readonly identity: string;
  readonly cards: readonly { readonly code: string; readonly count: number }[];
}

/** The seat's own deck list (`deck`, or its side of `decks` where the lists are open). */
function deckTitles(view: NetrunnerView, seat: 'corp' | 'runner'): string[] {
  const v = view as unknown as { deck?: DeckListJson; decks?: Record<string, DeckListJson> };
  const deck = v.decks?.[seat] ?? v.deck;
  return (deck?.cards ?? []).map((entry) => cardName(entry.code));
}

function cardName(code: string | undefined): string {
  return (code && cardByCode(code)?.title) || `?${code}`;
}

/** Whether `word` occurs in `text` as a whole word (not inside a longer word). */
function wordIn(word: string, text: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').test(text);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
