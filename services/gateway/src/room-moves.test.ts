import { InProcessBroker } from '@veil/bus';
import { silentLogger } from '@veil/log';
import { roomCmdSubject, ROOMS_MOVED_SUBJECT, type RoomCommand } from '@veil/protocol';
import { describe, expect, it } from 'vitest';
import { NodeClient } from './node-client.js';
import { RoomMoves } from './room-moves.js';

// A command out to a hung node would wait for its whole timeout (5 s by default) before it is
// sent again; once the room is announced moved (`veil.rooms.moved`), it is sent again at once
// and the new owner answers (docs/operations.md, "Takeover").

const act: RoomCommand = {
  type: 'act',
  seat: 'p1',
  version: 3,
  action: { type: 'end' },
  requestId: 'req-1',
};

describe('a command out to a hung node', () => {
  it('is sent again when its room is announced moved, and the new owner answers', async () => {
    const broker = new InProcessBroker();
    const bus = broker.connect();
    const hung: unknown[] = [];
    const received = new Promise<void>((resolve) => {
      void broker.connect().subscribe(roomCmdSubject('r1'), ({ data }) => {
        hung.push(data); // never answers, as a SIGSTOPped node
        resolve();
      });
    });
    const moves = await RoomMoves.start(bus, silentLogger);
    // Timeout and hold far beyond the test's own: only the announcement can end the wait.
    const nodes = new NodeClient(
      bus,
      silentLogger,
      { commandTimeoutMs: 600_000, holdMs: 600_000 },
      moves,
    );
    try {
      const reply = nodes.command('r1', act);
      await received;
      const owner: unknown[] = [];
      await broker.connect().subscribe(roomCmdSubject('r1'), ({ data, respond }) => {
        owner.push(data);
        respond?.({ ok: true, version: 4 });
      });
      // Another room's move leaves the command waiting; its own sends it again.
      broker.connect().publish(ROOMS_MOVED_SUBJECT, { roomId: 'r2' });
      broker.connect().publish(ROOMS_MOVED_SUBJECT, { roomId: 'r1' });
      await expect(reply).resolves.toEqual({ ok: true, version: 4 });
      // The same command, same request id, to both subscribers of the room's subject.
      expect(owner).toEqual([act]);
      expect(hung).toEqual([act, act]);
    } finally {
      await moves.stop();
    }
  });
});
