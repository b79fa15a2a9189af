import { createRoom, listRooms } from '@veil/client';
import type { Veil } from '@veil/cli';
import { cardByCode, deckById } from '@veil/netrunner';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesSkipReason } from '../support/index.js';
import { chromiumSkipReason, screenshot, startBrowserWorld } from './browser.js';

// The players' table in Chromium, clicked through as a person would: decks chosen or pasted in
// the lobby, and what the lobby does not show. Every wait is for a condition on the page; the
// timeouts only bound a hang.

const skip = servicesSkipReason() ?? chromiumSkipReason();
const WAIT = { timeout: 20_000 };

/** A starter deck as the text a player pastes (the identity, then "N Title" lines). */
function deckText(id: string): string {
  const deck = deckById(id);
  if (!deck) throw new Error(`no deck ${id}`);
  const title = (code: string) => cardByCode(code)?.title ?? code;
  return [title(deck.identity), ...deck.cards.map((c) => `${c.count} ${title(c.code)}`)].join('\n');
}

describe.skipIf(skip)("the players' table in Chromium", () => {
  let veil: Veil;
  let browser: Browser;
  let page: Page;
  /** A fresh browser (its own storage) on a page of this Veil. */
  const newPage = async (hash: string) => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const p = await context.newPage();
    await p.goto(`${base()}/${hash}`);
    return p;
  };

  beforeAll(async () => {
    ({ veil, browser } = await startBrowserWorld('table', { metricsPort: 0 }));
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await veil?.close();
  });

  const base = () => veil.url ?? '';
  const openLobby = async (p: Page) => {
    await p.goto(base());
    await p.getByTestId('create-room').waitFor(WAIT);
    await p.locator('[data-testid=room-list] :is(table, p)').first().waitFor(WAIT);
  };

  it('the lobby links no /metrics, which are served on their own port only', async () => {
    await openLobby(page);
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => (a as unknown as { href: string }).href));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((href) => href.includes('metrics'))).toEqual([]);
    expect(await page.locator('body').textContent()).not.toMatch(/metrics/i);
    expect((await fetch(new URL('/metrics', base()))).status).toBe(404);
    expect((await fetch(veil.metricsUrl ?? '')).status).toBe(200);
  });

  it('offers every deck of the game, grouped: the teaching decks, then the faction decks', async () => {
    await openLobby(page);
    await page.getByTestId('side').selectOption('corp');
    const groups = await page
      .locator('[data-testid=deck] optgroup')
      .evaluateAll((els) => els.map((el) => el.getAttribute('label')));
    expect(groups).toEqual(['System Gateway teaching decks', 'Faction decks']);
    const corpDecks = await page.locator('[data-testid=deck] option').allTextContents();
    expect(corpDecks).toEqual([
      'Tutorial: The Syndicate (beginner)',
      'Tutorial: The Syndicate (intermediate)',
      'Haas-Bioroid: Precision Design (starter)',
      'Jinteki: Restoring Humanity (starter)',
      'NBN: Reality Plus (starter)',
      'Weyland Consortium: Built to Last (starter)',
      'Paste a decklist…',
    ]);
    await page.getByTestId('side').selectOption('runner');
    expect(await page.locator('[data-testid=opponent-deck] option').allTextContents()).toEqual(
      corpDecks,
    );
  });

  it('shows a pasted list’s problems line by line and creates no room until it is legal', async () => {
    await openLobby(page);
    await page.getByTestId('side').selectOption('corp');
    await page
      .locator('[data-testid=opponent] option[value="bot:random"]')
      .waitFor({ ...WAIT, state: 'attached' });
    await page.getByTestId('opponent').selectOption('bot:random');
    // The opponent plays a faction deck picked from the list.
    await page.getByTestId('opponent-deck').selectOption('sg-shaper');
    await page.getByTestId('deck').selectOption('paste');
    const legal = deckText('sg-weyland');
    const lines = [...legal.split('\n'), '45 Hedge Fund', '2 Hedge Fnud'];
    await page.getByTestId('deck-list').fill(lines.join('\n'));
    const problems = page.locator('[data-testid=deck-problems] [data-testid=deck-problem]');
    await problems.first().waitFor(WAIT);
    // Each unreadable line by its number (the rules' checks come once the list reads).
    expect(await problems.allTextContents()).toEqual([
      `Line ${lines.length}: no card is titled 'Hedge Fnud'`,
    ]);
    await page.getByTestId('deck-list').fill(lines.slice(0, -1).join('\n'));
    await page.locator('[data-testid=deck-problem]:has-text("Hedge Fund")').waitFor(WAIT);
    const hedgeFund = lines.findIndex((l) => l.endsWith(' Hedge Fund')) + 1;
    const copies = lines
      .filter((l) => l.endsWith(' Hedge Fund'))
      .reduce((sum, l) => sum + Number(l.split(' ')[0]), 0);
    expect(await problems.allTextContents()).toContain(
      `Line ${hedgeFund}: ${copies} copies of 'Hedge Fund'; a deck may hold at most 3.`,
    );

    const before = (await listRooms(base())).length;
    await page.getByTestId('create-room').click();
    await page.locator('[data-testid=error]:not([hidden])').waitFor(WAIT);
    expect(await page.getByTestId('error').textContent()).toMatch(/Fix the decklist/);
    expect(await page.getByTestId('board').count()).toBe(0);
    expect((await listRooms(base())).length).toBe(before);

    // Fixed, it says so, and the room is set up with exactly that list.
    await page.getByTestId('deck-list').fill(legal);
    await page.locator('[data-testid=deck-problems]:empty').waitFor({ ...WAIT, state: 'attached' });
    expect(await page.getByTestId('deck-status').textContent()).toMatch(
      /^A legal deck of \d+ cards\.$/,
    );
    await page.getByTestId('create-room').click();
    await page.locator('[data-testid=board][data-viewer=corp]').waitFor(WAIT);
    const identities = await page.locator('.identity-title').allTextContents();
    expect(identities.sort()).toEqual(
      ['sg-weyland', 'sg-shaper']
        .map((id) => cardByCode(deckById(id)?.identity ?? '')?.title)
        .sort(),
    );
  });

  it('chat: the seats talk at the table, spectators apart; text stays text, lines stay with the room', async () => {
    const created = await createRoom(base(), {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'human' } },
    });
    const seatHash = (seat: string) =>
      `#/room/${created.roomId}/seat/${seat}?token=${created.seats[seat]?.token ?? ''}`;
    const corp = await newPage(seatHash('corp'));
    const runner = await newPage(seatHash('runner'));
    const watcher = await newPage(`#/room/${created.roomId}/watch`);
    const chatLines = (p: Page) => p.locator('[data-testid=chat-lines] [data-testid=chat-line]');
    for (const p of [corp, runner, watcher]) await p.getByTestId('chat-input').waitFor(WAIT);
    // The runner's arrival is told at the table.
    await corp
      .locator('[data-testid=chat-line][data-kind=system]', { hasText: 'Runner joined the table.' })
      .waitFor(WAIT);

    // A name, then markup typed as a message: it arrives as the same text, and no element.
    await corp.getByTestId('display-name').fill('Ada');
    const markup = '<img src=x onerror="document.title=1"> <b>hi</b>';
    await corp.getByTestId('chat-input').fill(markup);
    await corp.getByTestId('chat-send').click();
    const received = runner.locator('[data-testid=chat-line][data-kind=message]').first();
    await received.waitFor(WAIT);
    expect(await received.getByTestId('chat-text').textContent()).toBe(markup);
    expect(await received.locator('.chat-from').textContent()).toBe('Ada (Corp)');
    expect(
      await runner.locator('[data-testid=chat-lines] img, [data-testid=chat-lines] b').count(),
    ).toBe(0);

    // A spectator's message: the spectators read it, the seats never do.
    await watcher.getByTestId('chat-input').fill('spectators only');
    await watcher.getByTestId('chat-input').press('Enter');
    await watcher
      .locator('[data-testid=chat-line][data-channel=spectators]', { hasText: 'spectators only' })
      .waitFor(WAIT);
    await runner.getByTestId('chat-input').fill('good luck');
    await runner.getByTestId('chat-send').click();
    for (const p of [corp, runner, watcher]) {
      await p.locator('[data-testid=chat-text]', { hasText: 'good luck' }).waitFor(WAIT);
    }
    for (const p of [corp, runner]) {
      expect(await chatLines(p).allTextContents()).not.toContainEqual(
        expect.stringContaining('spectators only'),
      );
      expect(await p.content()).not.toContain('spectators only');
    }

    // A reload shows the lines again, in order.
    await runner.reload();
    await runner.locator('[data-testid=chat-text]', { hasText: 'good luck' }).waitFor(WAIT);
    const texts = await runner
      .locator('[data-testid=chat-line][data-kind=message] [data-testid=chat-text]')
      .allTextContents();
    expect(texts).toEqual([markup, 'good luck']);
    await corp
      .locator('[data-testid=chat-line][data-kind=system]', {
        hasText: 'Runner is back at the table.',
      })
      .waitFor(WAIT);

    // Too many at once: the server refuses the rest, and the page says why. The twelve are sent
    // in one task of the page, as fast as a held Enter: one by one through Playwright they could
    // be slow enough on a loaded machine for the bucket (5, one more every 2 s) to keep up, and a
    // later accepted message hides the earlier refusal.
    await corp.evaluate((count) => {
      const input = document.querySelector<HTMLInputElement>('[data-testid=chat-input]');
      for (let i = 0; i < count; i += 1) {
        if (!input?.form) throw new Error('no chat form');
        input.value = `spam ${i}`;
        input.form.requestSubmit();
      }
    }, 12);
    await corp.locator('[data-testid=chat-error]:not([hidden])').waitFor(WAIT);
    expect(await corp.getByTestId('chat-error').textContent()).toMatch(/^Slow down/);
    await screenshot(corp, 'chat');
  });

  it('the lobby lists open rooms with their game, state, seats, bots and spectators; finished rooms apart', async () => {
    const waiting = await createRoom(base(), {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'bot', level: 'random' } },
      options: { spectators: false },
    });
    // Two bots to the first agenda point: a short game that ends by itself.
    const finished = await createRoom(base(), {
      game: 'netrunner',
      seats: { corp: { type: 'bot', level: 'random' }, runner: { type: 'bot', level: 'random' } },
      options: { seed: 3, gameOptions: { agendaPointsToWin: 1 } },
    });
    const page = await newPage('');
    await page
      .locator(`[data-testid=finished-rooms] [data-room-id="${finished.roomId}"]`)
      .waitFor({ timeout: 120_000 });
    const row = page.locator(`[data-testid=open-rooms] [data-room-id="${waiting.roomId}"]`);
    await row.waitFor(WAIT);
    expect(await row.locator('td').first().textContent()).toBe('Android: Netrunner');
    expect(await row.getByTestId('room-state').textContent()).toBe('Waiting for a player (Corp)');
    expect(await row.getByTestId('room-seats').locator('div').allTextContents()).toEqual([
      'Corp: nobody connected',
      'Runner: bot, Random (random)',
    ]);
    expect(await row.locator('td').nth(3).textContent()).toBe('not allowed');
    expect(await row.getByTestId('watch-link').count()).toBe(0);
    // The finished room has left the open list and says how it ended.
    expect(
      await page.locator(`[data-testid=open-rooms] [data-room-id="${finished.roomId}"]`).count(),
    ).toBe(0);
    const done = page.locator(`[data-testid=finished-rooms] [data-room-id="${finished.roomId}"]`);
    expect(await done.getByTestId('room-state').textContent()).toMatch(
      /^Finished: The (Corp|Runner) wins \(/,
    );
  });

  it('a private room is made from the lobby and not listed there; its link still opens it', async () => {
    const listed = await createRoom(base(), {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'human' } },
    });
    const page = await newPage('');
    await page.getByTestId('create-room').waitFor(WAIT);
    await page.getByTestId('side').selectOption('runner');
    await page
      .locator('[data-testid=opponent] option[value="bot:random"]')
      .waitFor({ ...WAIT, state: 'attached' });
    await page.getByTestId('opponent').selectOption('bot:random');
    await page.getByTestId('private').check();
    await page.getByTestId('create-room').click();
    await page.locator('[data-testid=board][data-viewer=runner]').waitFor(WAIT);
    const roomId = /#\/room\/([^/]+)\/seat\/runner/.exec(page.url())?.[1] ?? '';
    expect(roomId).not.toBe('');
    expect((await listRooms(base())).map((room) => room.roomId)).not.toContain(roomId);
    // Back in the lobby, the list leaves it out and shows a listed room made before it.
    await page.goto(base());
    await page.locator('[data-testid=room-list] :is(table, p)').first().waitFor(WAIT);
    expect(await page.locator(`[data-room-id="${roomId}"]`).count()).toBe(0);
    expect(await page.locator(`[data-room-id="${listed.roomId}"]`).count()).toBe(1);
    await page.goto(`${base()}/#/room/${roomId}/watch`);
    await page.locator('[data-testid=board]').waitFor(WAIT);
  });

  it('at 390 px wide (a phone) neither the lobby nor a seat page scrolls sideways', async () => {
    const created = await createRoom(base(), {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'bot', level: 'random' } },
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    const overflow = () =>
      phone.evaluate(() => {
        const root = (
          globalThis as unknown as {
            document: { documentElement: { scrollWidth: number; clientWidth: number } };
          }
        ).document.documentElement;
        return root.scrollWidth - root.clientWidth;
      });
    await phone.goto(base());
    await phone.locator('[data-testid=room-list] table').first().waitFor(WAIT);
    expect(await overflow(), 'lobby').toBe(0);
    await phone.goto(
      `${base()}/#/room/${created.roomId}/seat/corp?token=${created.seats['corp']?.token ?? ''}`,
    );
    await phone.getByTestId('chat-input').waitFor(WAIT);
    await phone.locator('[data-testid=board]').waitFor(WAIT);
    expect(await overflow(), 'seat page').toBe(0);
    await context.close();
  });
});
