import { InProcessBroker } from '@veil/bus';
import { silentLogger } from '@veil/log';
import {
  protocolError,
  roomCmdSubject,
  ROOMS_PLACE_SUBJECT,
  type RoomCommand,
} from '@veil/protocol';
import { describe, expect, it } from 'vitest';
import { NodeClient } from './node-client.js';

// A room moving between game nodes (docs/operations.md, "Takeover") answers `unavailable` or
// not at all for a moment: the gateway holds the command and sends it again, same request id.

const act: RoomCommand = {
  type: 'act',
  seat: 'p1',
  version: 3,
  action: { type: 'end' },
  requestId: 'req-1',
};

/** A room whose node answers `unavailable`, then stays silent once, then acknowledges. */
async function movingRoom(broker: InProcessBroker) {
  const received: unknown[] = [];
  await broker.connect().subscribe(roomCmdSubject('r1'), ({ data, respond }) => {
    received.push(data);
    if (received.length === 1) respond?.({ ok: false, error: protocolError('unavailable') });
    else if (received.length === 2)
      return; // a hung node: the request times out
    else respond?.({ ok: true, version: 4 });
  });
  return received;
}

describe('NodeClient while a room moves', () => {
  it('holds a command through unavailable and timeouts, sending the same request again', async () => {
    const broker = new InProcessBroker();
    const received = await movingRoom(broker);
    const nodes = new NodeClient(broker.connect(), silentLogger, {
      commandTimeoutMs: 100,
      holdMs: 10_000,
    });
    await expect(nodes.command('r1', act)).resolves.toEqual({ ok: true, version: 4 });
    expect(received).toEqual([act, act, act]);
  });

  it('gives the error once the hold has passed', async () => {
    const broker = new InProcessBroker();
    const received = await movingRoom(broker);
    const nodes = new NodeClient(broker.connect(), silentLogger, {
      commandTimeoutMs: 100,
      holdMs: 0,
    });
    await expect(nodes.command('r1', act)).resolves.toEqual({
      ok: false,
      error: protocolError('unavailable'),
    });
    expect(received).toEqual([act]);
  });

  it('places the room again when it was let go between placement and command', async () => {
    // A finished room unloads quickly: the first placement's room is gone before the command
    // arrives (no responders); the second placement's room answers.
    const broker = new InProcessBroker();
    const node = broker.connect();
    let placements = 0;
    const received: unknown[] = [];
    await node.subscribe(ROOMS_PLACE_SUBJECT, async ({ respond }) => {
      placements += 1;
      if (placements === 2) {
        await node.subscribe(roomCmdSubject('r1'), ({ data, respond: answer }) => {
          received.push(data);
          answer?.({ ok: false, error: protocolError('game_over') });
        });
      }
      respond?.({ ok: true, nodeId: 'n1' });
    });
    const nodes = new NodeClient(broker.connect(), silentLogger, { holdMs: 10_000 });
    const reply = await nodes.command('r1', act);
    expect(reply).toEqual({ ok: false, error: protocolError('game_over') });
    expect(placements).toBe(2);
    expect(received).toEqual([act]);
  });

  it('does not hold a refusal that is not about the room moving', async () => {
    const broker = new InProcessBroker();
    const received: unknown[] = [];
    await broker.connect().subscribe(roomCmdSubject('r1'), ({ data, respond }) => {
      received.push(data);
      respond?.({ ok: false, error: protocolError('stale_version') });
    });
    const nodes = new NodeClient(broker.connect(), silentLogger, { holdMs: 10_000 });
    const reply = await nodes.command('r1', act);
    expect(reply).toMatchObject({ ok: false, error: { code: 'stale_version' } });
    expect(received).toHaveLength(1);
  });
});
