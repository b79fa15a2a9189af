import { connectSeat, getReplay } from '@veil/client';
import { newGame, persistGame, type AnyGameModule } from '@veil/engine';
import { parlor } from '@veil/parlor';
import type { RoomStatus } from '@veil/store';
import { describe, expect, it } from 'vitest';
import { hashSeatToken, newSeatToken } from './tokens.js';
import { refusalOf, useTestWorld, type TestWorld } from './test-world.js';

// A room an older build stored, at a rules version this build no longer plays (docs/architecture.md,
// "Rules versions"), met through the gateway as its players and its replay's viewers meet it.

/** This build's parlor: rules version 2, keeping none older. */
const upgraded: AnyGameModule = { ...(parlor as unknown as AnyGameModule), rulesVersion: 2 };

let world: TestWorld;
const open = useTestWorld({ games: [upgraded] }, (w) => (world = w));

const token = newSeatToken();

async function storedByOlderBuild(roomId: string, status: RoomStatus): Promise<void> {
  await world.store.createRoom({
    id: roomId,
    game: parlor.id,
    rulesVersion: 1,
    options: { seed: roomId },
    seats: {
      p1: { kind: 'human', tokenHash: hashSeatToken(token) },
      p2: { kind: 'human', tokenHash: hashSeatToken(newSeatToken()) },
    },
    status,
    snapshot: persistGame(newGame(parlor, {}, roomId)),
  });
}

describe('a room of retired rules, through the gateway', () => {
  it('refuses its player rules_retired', async () => {
    await storedByOlderBuild('retired-live', 'active');
    const joining = connectSeat({ url: world.url, roomId: 'retired-live', token });
    joining.then((c) => open.push(c)).catch(() => undefined);
    expect(await refusalOf(joining)).toEqual(['rules_retired', undefined]);
    expect(world.node.rooms()).not.toContain('retired-live');
  });

  it('refuses its replay 410 rules_retired', async () => {
    await storedByOlderBuild('retired-finished', 'finished');
    expect(await refusalOf(getReplay(world.url, 'retired-finished'))).toEqual([
      'rules_retired',
      410,
    ]);
  });
});
