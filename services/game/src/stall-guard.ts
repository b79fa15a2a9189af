import type { Logger } from '@veil/log';

/**
 * After a stall of its own past the liveness deadline (SIGSTOP, a starved process) peers have
 * likely taken this node's rooms over. Resumed, the process handles what waited on its socket
 * before any timer of its own fires, so each command asks `serving()` first: not until a lease
 * renewal has let go of the rooms whose leases moved (docs/operations.md, "Takeover"). Meanwhile
 * commands are answered `unavailable`: the gateway sends them again, and the new owner answers.
 */
export class StallGuard {
  private checking: Promise<void> | null = null;

  constructor(
    /** How long the node's own timers have not run, past the deadline (0: they run). */
    private readonly stalledMs: () => number,
    /** Renews every lease the node holds, letting go of the rooms whose leases are lost. */
    private readonly renew: () => Promise<void>,
    private readonly logger: Logger,
  ) {}

  serving(): boolean {
    if (this.checking) return false;
    const stalledMs = this.stalledMs();
    if (stalledMs === 0) return true;
    this.logger.warn('stalled: checking leases before serving', { stalledMs });
    this.checking = this.renew()
      .catch(() => undefined)
      .finally(() => {
        this.checking = null;
      });
    return false;
  }
}
