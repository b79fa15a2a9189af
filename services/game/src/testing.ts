import type { Bus } from '@veil/bus';
import { NODE_HEARTBEAT_SUBJECT } from './node-liveness.js';

/**
 * For tests (`@veil/game/testing`): resolves at the first heartbeat of `nodeId` heard on `bus`
 * after this subscribed. Every node that was listening by then has heard that node too, so
 * stopping it afterwards is seen as its going silent (docs/operations.md, "Takeover") rather
 * than waited out as a lease that expires.
 */
export async function nextHeartbeat(bus: Bus, nodeId: string): Promise<void> {
  let heard!: () => void;
  const beat = new Promise<void>((resolve) => (heard = resolve));
  const subscription = await bus.subscribe(NODE_HEARTBEAT_SUBJECT, ({ data }) => {
    if ((data as { nodeId?: unknown }).nodeId === nodeId) heard();
  });
  try {
    await beat;
  } finally {
    await subscription.unsubscribe();
  }
}
