import { connectSpectator, createRoom, VeilError } from '@veil/client';
import { describe, expect, it } from 'vitest';
import { useTestWorld, type TestWorld } from './test-world.js';

// One client address holds a bounded number of sockets (docs/protocol.md, "Limits"): each one
// costs the gateway a subscription and memory.

let world: TestWorld;
const open = useTestWorld({ gateway: { socketsPerAddress: 2 } }, (started) => (world = started));

describe('sockets per client address', () => {
  it('refuses one more socket than the bound with rate_limited, and takes it once one closed', async () => {
    const { roomId } = await createRoom(world.url, {
      game: 'netrunner',
      seats: { corp: { type: 'human' }, runner: { type: 'human' } },
    });
    const watch = async () => {
      const c = await connectSpectator({ url: world.url, roomId, reconnection: false });
      open.push(c);
      return c;
    };
    const [first] = [await watch(), await watch()];
    const refused = await watch().then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(VeilError);
    expect((refused as VeilError).code).toBe('rate_limited');

    first?.close();
    // The place comes back once the gateway saw the socket close (bounded by the test timeout).
    for (;;) {
      const again = await watch().catch(() => null);
      if (again) break;
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});
