import { connectSeat, connectSpectator, type VeilConnection } from '@veil/client';
import { dune, type DuneView } from '@veil/dune';
import { battleBoundary, THREE } from '@veil/dune/testing';
import { applyAction, persistGame, type AnyGameModule } from '@veil/engine';
import { startGameNode, type GameNode } from '@veil/game';
import { nextHeartbeat } from '@veil/game/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWorld, type TestWorld } from './test-world.js';
import { hashSeatToken, newSeatToken } from './tokens.js';

// Semuta Drug's candidates through the gateway (docs/games/dune.md, "Semuta Drug"): only a
// connection with the claimant's seat token gets them — in a second tab and after a reload, also
// after another node took the room over; other seats' tokens and spectators never do.

const GUILD = 'spacing_guild';
const LIVENESS = { heartbeatMs: 50, livenessDeadlineMs: 300 };
const games = [dune as unknown as AnyGameModule];

let world: TestWorld;
let taker: GameNode | null = null;
const open: VeilConnection[] = [];
const tokens = Object.fromEntries(THREE.map((f) => [f, newSeatToken()]));

type Snap = ReturnType<typeof battleBoundary>;

/** At the boundary (the Guild holding the Semuta), or after the Guild's claim: its selection. */
function position(claimed: boolean): Snap {
  let s = battleBoundary(GUILD);
  for (const type of claimed ? ['pass', 'use_semuta'] : ['pass']) {
    const [seat] = dune.deciders(s);
    const action = dune.legalActions(s, seat as never).find((a) => a.type === type);
    if (!seat || !action) throw new Error(`no ${type}`);
    s = applyAction(dune, s, seat, action);
  }
  return s;
}

async function storeRoom(roomId: string, claimed: boolean): Promise<void> {
  await world.store.createRoom({
    id: roomId,
    game: dune.id,
    rulesVersion: dune.rulesVersion,
    options: { seed: roomId, gameOptions: { factions: THREE, semutaDrug: true } },
    seats: Object.fromEntries(
      THREE.map((f) => [f, { kind: 'human', tokenHash: hashSeatToken(tokens[f] as string) }]),
    ),
    status: 'active',
    snapshot: persistGame(position(claimed)),
  });
}

async function viewOf(roomId: string, seat: string | null): Promise<DuneView> {
  const conn = seat
    ? await connectSeat({ url: world.url, roomId, token: tokens[seat] as string })
    : await connectSpectator({ url: world.url, roomId });
  open.push(conn);
  return conn.view?.view as unknown as DuneView;
}

/**
 * Every viewer's view: the Guild twice (two tabs) and everyone else once. Returns the Guild's
 * candidate handles after checking that nobody else gets any of them.
 */
async function expectClaimantOnly(roomId: string, claimed: boolean): Promise<string[]> {
  const tabs = [await viewOf(roomId, GUILD), await viewOf(roomId, GUILD)];
  expect(JSON.stringify(tabs[1])).toBe(JSON.stringify(tabs[0]));
  const handles = tabs[0]?.semuta?.candidates.map((c) => c.handle) ?? [];
  expect(handles).toHaveLength(claimed ? 2 : 0);
  const legal = tabs[0]?.legalActions?.map((a) => a.type);
  expect(legal).toEqual(claimed ? ['semuta_select', 'semuta_select'] : ['pass', 'use_semuta']);
  for (const seat of [...THREE.filter((f) => f !== GUILD), null]) {
    const view = await viewOf(roomId, seat);
    expect(view.semuta, String(seat)).toBeUndefined();
    const text = JSON.stringify(view);
    for (const h of handles) expect(text, String(seat)).not.toContain(`"${h}"`);
    expect(view.legalActions, String(seat)).toBeUndefined();
  }
  return handles;
}

function closeAll(): void {
  for (const conn of open.splice(0)) conn.close();
}

beforeAll(async () => {
  // Leases longer than the test: the rooms can move only by the taker finding the node gone.
  world = await startTestWorld({
    games,
    node: { ...LIVENESS, leaseTtlMs: 120_000, abandonUnjoinedMs: 0 },
  });
}, 120_000);

afterAll(async () => {
  closeAll();
  // The gateway first: its sockets' `leave` commands reach the taker while it still runs them
  // (stopped first, they would wait out the gateway's placement deadline).
  await world?.gateway.close();
  await taker?.stop();
  await world?.close();
}, 60_000);

describe('Semuta candidates through the gateway', () => {
  it('reach only the claimant’s seat token — two tabs, reloads, other seats, spectators — also after a takeover', async () => {
    await storeRoom('semuta-open', false);
    await storeRoom('semuta-claimed', true);
    // Before the commitment nobody, the holder included, gets a candidate.
    await expectClaimantOnly('semuta-open', false);
    const before = await expectClaimantOnly('semuta-claimed', true);
    // A reload: new connections, the same candidates under the same handles.
    closeAll();
    expect(await expectClaimantOnly('semuta-claimed', true)).toEqual(before);
    // A wrong token for the Guild's seat gets nothing.
    await expect(
      connectSeat({ url: world.url, roomId: 'semuta-claimed', token: newSeatToken() }),
    ).rejects.toThrow();
    closeAll();
    // Another node takes the rooms over when the first goes silent (it keeps its leases).
    taker = await startGameNode({
      nodeId: 'node-taker',
      store: world.store,
      bus: world.broker.connect(),
      games,
      abandonUnjoinedMs: 0,
      ...LIVENESS,
    });
    // The taker must have heard the first node before it goes silent: a node never heard is
    // not found gone, and its rooms would wait out their leases for the sweep instead.
    const listener = world.broker.connect();
    await nextHeartbeat(listener, 'node-test');
    await listener.close();
    await world.node.stop();
    const deadline = Date.now() + 20_000;
    while (taker.rooms().length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(taker.rooms().sort()).toEqual(['semuta-claimed', 'semuta-open']);
    await expectClaimantOnly('semuta-open', false);
    expect(await expectClaimantOnly('semuta-claimed', true)).toEqual(before);
  });
});
