import type { GameSnapshot } from '@veil/engine';

/** One state a spectator may be shown once it is far enough behind the live game. */
export interface DelayedState {
  readonly version: number;
  readonly snapshot: GameSnapshot<unknown>;
  /** The game's turn at this version, or the version itself for a game without turns. */
  readonly mark: number;
}

/**
 * Holds spectators `delay` turns (or versions) behind the live game (docs/privacy.md), so a spectator
 * cannot relay live information to a player. Spectators see the latest state whose turn is at
 * least `delay` behind the current one; the room's first state (version 0) is always shown, as it
 * comes before any decision. Only the states that may still be shown are kept.
 *
 * A room loaded from a snapshot starts its history there. Until a state of the history is far
 * enough behind, `shown()` is `null` and spectators are told the room is `unavailable` rather
 * than shown anything newer than the delay allows.
 */
export class SpectatorDelay {
  private history: DelayedState[] = [];

  constructor(private readonly delay: number) {}

  record(state: DelayedState): void {
    this.history.push(state);
    const shownIndex = this.shownIndex();
    if (shownIndex > 0) this.history = this.history.slice(shownIndex);
  }

  /** The state spectators see now, or null when none held is far enough behind. */
  shown(): DelayedState | null {
    const index = this.shownIndex();
    return index < 0 ? null : (this.history[index] ?? null);
  }

  private shownIndex(): number {
    const latest = this.history[this.history.length - 1];
    if (!latest) return -1;
    if (this.delay === 0) return this.history.length - 1;
    const limit = latest.mark - this.delay;
    for (let i = this.history.length - 1; i >= 0; i -= 1) {
      const state = this.history[i] as DelayedState;
      if (state.mark <= limit || state.version === 0) return i;
    }
    return -1;
  }
}
