import type { VeilConnection } from '@veil/client';
import { h, mount } from './dom.js';

/** How often the shown clocks are redrawn between the server's figures. */
const TICK_MS = 200;

interface Figures {
  readonly remainingMs: Readonly<Record<string, number>>;
  readonly running: readonly string[];
  /** Seats whose player has not come yet: no clock runs before every one has. */
  readonly awaiting?: readonly string[];
  /** When this page received them (`performance.now()`). */
  readonly received: number;
}

function sideName(seat: string): string {
  return seat.charAt(0).toUpperCase() + seat.slice(1);
}

/** `1:05:09`, `4:59`, `0:07`: whole seconds, rounded up (a clock at 0:00 has run out). */
export function clockText(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/**
 * The seats' chess clocks in a room with time controls (docs/protocol.md, "Time controls"). The
 * server keeps the time and decides a flag-fall; this bar only counts the running clocks down
 * from the latest figures the server sent, for display, and says whom they wait for before they
 * start. Nothing shows in a room without them.
 */
export function withClocks(root: HTMLElement, conn: VeilConnection): HTMLElement {
  const board = h('div');
  const bar = h('div', { class: 'table-bar clock-bar', 'data-testid': 'clocks', hidden: true });
  let figures: Figures | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  const render = () => {
    if (!bar.isConnected && timer !== null) {
      // The page left the room.
      clearInterval(timer);
      timer = null;
    }
    if (figures === null) return;
    const elapsed = performance.now() - figures.received;
    bar.hidden = false;
    const awaiting = figures.awaiting ?? [];
    const note =
      awaiting.length > 0
        ? [
            h(
              'span',
              { class: 'clock-note', 'data-testid': 'clocks-awaiting' },
              `Waiting for ${awaiting.map(sideName).join(' and ')}: the clocks start once every player is here, or five minutes after the room was made.`,
            ),
          ]
        : [];
    mount(
      bar,
      ...Object.entries(figures.remainingMs).map(([seat, ms]) => {
        const running = figures?.running.includes(seat) === true;
        return h(
          'span',
          {
            class: `clock${running ? ' running' : ''}`,
            // A timer is not announced as it changes (implicit aria-live off).
            role: 'timer',
            'data-testid': 'clock',
            'data-seat': seat,
            'data-running': String(running),
          },
          `${sideName(seat)} ${clockText(running ? ms - elapsed : ms)}`,
        );
      }),
      ...note,
    );
  };

  const update = () => {
    const clocks = conn.view?.clocks;
    if (clocks) {
      figures = { ...clocks, received: performance.now() };
    } else if (figures !== null) {
      // The game ended: the clocks stop where they were.
      const elapsed = performance.now() - figures.received;
      const remainingMs: Record<string, number> = {};
      for (const [seat, ms] of Object.entries(figures.remainingMs)) {
        remainingMs[seat] = figures.running.includes(seat) ? Math.max(0, ms - elapsed) : ms;
      }
      figures = { remainingMs, running: [], received: performance.now() };
    }
    timer ??= figures && figures.running.length > 0 ? setInterval(render, TICK_MS) : null;
    render();
  };

  mount(root, bar, board);
  conn.onView(update);
  update();
  return board;
}
