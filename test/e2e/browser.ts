import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startVeil, type Veil, type VeilOptions } from '@veil/cli';
import { createRoom } from '@veil/client';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createTestDatabase } from '../support/index.js';

// What the browser tests need besides the services: a Chromium from the system (playwright-core
// never downloads one) and the built web client.

export const CHROMIUM_PATH = process.env['VEIL_CHROMIUM'] || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const WEB_DIST = fileURLToPath(new URL('../../services/web/dist', import.meta.url));
export const SCREENSHOTS_DIR = fileURLToPath(new URL('../../docs/screenshots', import.meta.url));

/**
 * Why the browser tests cannot run (undefined when they can). A missing Chromium skips them
 * with one loud line, or fails the run under VEIL_REQUIRE_SERVICES=1 (what CI sets), like the
 * missing Postgres/NATS of test/support.
 */
export function chromiumSkipReason(): string | undefined {
  if (existsSync(CHROMIUM_PATH)) return undefined;
  const reason = `no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set VEIL_CHROMIUM)`;
  if (process.env['VEIL_REQUIRE_SERVICES'] === '1') {
    throw new Error(`VEIL_REQUIRE_SERVICES=1 but the browser tests cannot run: ${reason}`);
  }
  const line = `!!! Veil browser tests SKIPPED: ${reason}. Set VEIL_REQUIRE_SERVICES=1 to make this an error !!!`;
  process.stderr.write(process.stderr.isTTY ? `\x1b[1;31m${line}\x1b[0m\n` : `${line}\n`);
  return reason;
}

/** Builds services/web/dist if it is missing or older than its sources (the `prestart` script). */
export async function ensureWebBuilt(): Promise<void> {
  await promisify(execFile)(process.execPath, ['services/web/scripts/ensure-built.mjs'], {
    cwd: repoRoot,
  });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** What every browser test runs against: a Veil on its own test database and a Chromium. */
export interface BrowserWorld {
  readonly veil: Veil;
  readonly browser: Browser;
}

/**
 * A real Veil (gateway + game node + one AI worker in this process, the in-process bus) on a
 * fresh database named after the test, serving the built web client; and a Chromium.
 */
export async function startBrowserWorld(
  database: string,
  options: VeilOptions = {},
): Promise<BrowserWorld> {
  const [databaseUrl] = await Promise.all([createTestDatabase(database), ensureWebBuilt()]);
  const [veil, browser] = await Promise.all([
    startVeil({
      port: 0,
      host: '127.0.0.1',
      databaseUrl,
      webDir: WEB_DIST,
      aiWorkers: 1,
      logLevel: 'warn',
      ...options,
    }),
    launchChromium(),
  ]);
  return { veil, browser };
}

/** Saves `docs/screenshots/<name>.png` when VEIL_SCREENSHOTS=1 (kept out of CI runs). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env['VEIL_SCREENSHOTS'] !== '1') return;
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}.png` });
}

/**
 * A room of people only, made over HTTP: its id and each seat's page (the hash of its link, with
 * the token). A Dune room names its factions; any other game gets its default seats.
 */
export async function peopleTable(
  base: string,
  game: 'netrunner' | 'dune',
  seats: readonly string[],
): Promise<{ roomId: string; seatHash: (seat: string) => string }> {
  const created = await createRoom(base, {
    game,
    seats: Object.fromEntries(seats.map((seat) => [seat, { type: 'human' as const }])),
    ...(game === 'dune' ? { options: { gameOptions: { factions: [...seats] } } } : {}),
  });
  const { roomId } = created;
  return {
    roomId,
    seatHash: (seat) => `#/room/${roomId}/seat/${seat}?token=${created.seats[seat]?.token ?? ''}`,
  };
}
