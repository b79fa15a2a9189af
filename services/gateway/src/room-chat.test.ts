import { connectSeat, connectSpectator, createRoom, type VeilConnection } from '@veil/client';
import { CHAT_BURST, CHAT_REFILL_MS, MAX_CHAT_TEXT } from '@veil/protocol';
import { describe, expect, it } from 'vitest';
import { useTestWorld, type TestWorld } from './test-world.js';

// The room chat through the real gateway and node: who reads what, limits, storage, history.

let world: TestWorld;
const open = useTestWorld({}, (started) => (world = started));

async function humanRoom() {
  const created = await createRoom(world.url, {
    game: 'netrunner',
    seats: { corp: { type: 'human' }, runner: { type: 'human' } },
  });
  const token = (seat: string) => created.seats[seat]?.token ?? '';
  return { roomId: created.roomId, token };
}

async function seat(roomId: string, token: string): Promise<VeilConnection> {
  const c = await connectSeat({ url: world.url, roomId, token });
  open.push(c);
  return c;
}

async function spectator(roomId: string): Promise<VeilConnection> {
  const c = await connectSpectator({ url: world.url, roomId });
  open.push(c);
  return c;
}

const text = (c: VeilConnection) =>
  c.chat.flatMap((l) => (l.kind === 'message' ? [`${l.channel}:${l.from}:${l.text}`] : []));

describe('room chat', () => {
  it('the seats write the table chat, spectators their own, which the seats never read', async () => {
    const { roomId, token } = await humanRoom();
    const corp = await seat(roomId, token('corp'));
    const runner = await seat(roomId, token('runner'));
    const watcher = await spectator(roomId);

    expect(await corp.say('  <b>hello</b> & good luck  ', 'Ada')).toMatchObject({ ok: true });
    expect(await watcher.say('the corp will score')).toMatchObject({ ok: true });
    expect(await runner.say('you too')).toMatchObject({ ok: true });
    await runner.waitForChat((l) => l.kind === 'message' && l.from === 'runner');
    await watcher.waitForChat((l) => l.kind === 'message' && l.from === 'runner');
    await corp.waitForChat((l) => l.kind === 'message' && l.from === 'runner');

    // Kept as the text it is (trimmed), with the name given.
    const hello = await runner.waitForChat((l) => l.kind === 'message' && l.from === 'corp');
    expect(hello).toMatchObject({
      channel: 'table',
      name: 'Ada',
      text: '<b>hello</b> & good luck',
    });
    for (const c of [corp, runner]) {
      expect(text(c)).toEqual(['table:corp:<b>hello</b> & good luck', 'table:runner:you too']);
    }
    expect(text(watcher)).toEqual([
      'table:corp:<b>hello</b> & good luck',
      'spectators:spectator:the corp will score',
      'table:runner:you too',
    ]);
    // Joins are system lines in the table chat.
    expect(
      corp.chat.filter((l) => l.kind === 'system').map((l) => l.kind === 'system' && l.seat),
    ).toContain('runner');
  });

  it('keeps the lines with the room: a reconnect gets them again, and a reconnect is told', async () => {
    const { roomId, token } = await humanRoom();
    const corp = await seat(roomId, token('corp'));
    const runner = await seat(roomId, token('runner'));
    await corp.say('first');
    await runner.waitForChat((l) => l.kind === 'message' && l.text === 'first');
    runner.close();
    await corp.waitForChat((l) => l.kind === 'system' && l.seat === 'runner' && l.event === 'left');
    const again = await seat(roomId, token('runner'));
    expect(text(again)).toEqual(['table:corp:first']);
    await corp.waitForChat(
      (l) => l.kind === 'system' && l.seat === 'runner' && l.event === 'reconnected',
    );
    // The stored rows are the lines as sent: the markup is text in a JSON string, nothing more.
    const stored = await world.store.chatLines(roomId, 50);
    expect(stored.map((r) => r.channel)).toContain('table');
  });

  it('tells a seat that reconnects in a loop at the chat’s rate, not once per connection', async () => {
    const { roomId, token } = await humanRoom();
    const corp = await seat(roomId, token('corp'));
    const started = Date.now();
    const cycles = 20;
    for (let i = 0; i < cycles; i += 1) (await seat(roomId, token('runner'))).close();
    // The gateway sends the leaves and this last join in order: it is answered after them.
    await seat(roomId, token('runner'));
    const elapsed = Date.now() - started;
    const lines = (await world.store.chatLines(roomId, 200)).map((r) => r.line as object);
    const runner = lines.filter((l) => 'seat' in l && l.seat === 'runner');
    // The first join is always told; after it, no more than the bucket gives in the time taken.
    expect(runner[0]).toMatchObject({ kind: 'system', event: 'joined' });
    const most = 1 + CHAT_BURST + Math.ceil(elapsed / CHAT_REFILL_MS);
    expect(runner.length).toBeLessThanOrEqual(most);
    expect(runner.length).toBeLessThan(2 * cycles);
    // The table still talks.
    expect(await corp.say('still here')).toMatchObject({ ok: true });
  });

  it('refuses an empty, too long or control-character message and changes nothing', async () => {
    const { roomId, token } = await humanRoom();
    const corp = await seat(roomId, token('corp'));
    const before = (await world.store.chatLines(roomId, 50)).length;
    for (const bad of ['', '   ', 'x'.repeat(MAX_CHAT_TEXT + 1), 'two\nlines', 'bell\u0007']) {
      expect(await corp.say(bad), JSON.stringify(bad)).toEqual({
        ok: false,
        error: expect.objectContaining({ code: 'bad_request' }) as unknown,
      });
    }
    expect(await corp.say('x'.repeat(MAX_CHAT_TEXT))).toMatchObject({ ok: true });
    expect(await corp.say('hi', 'n'.repeat(25))).toMatchObject({ ok: false });
    expect(
      await corp.rawRequest('chat', { text: 'hi', requestId: 'r1', channel: 'table' }),
    ).toMatchObject({
      ok: false,
    });
    expect((await world.store.chatLines(roomId, 50)).length).toBe(before + 1);
  });

  it(`takes ${CHAT_BURST} messages at once from a writer, then refuses with rate_limited`, async () => {
    const { roomId, token } = await humanRoom();
    const corp = await seat(roomId, token('corp'));
    const runner = await seat(roomId, token('runner'));
    // Three bursts' worth at once: one more is allowed every 2 s, far slower than these go.
    const acks = await Promise.all(
      Array.from({ length: 3 * CHAT_BURST }, (_, i) => corp.say(`m${i}`)),
    );
    const taken = acks.filter((a) => a.ok).length;
    expect(taken).toBeGreaterThanOrEqual(CHAT_BURST);
    expect(taken).toBeLessThan(2 * CHAT_BURST);
    expect(acks.filter((a) => !a.ok)).toContainEqual({
      ok: false,
      error: expect.objectContaining({ code: 'rate_limited' }) as unknown,
    });
    // Another writer has its own allowance.
    expect(await runner.say('mine')).toMatchObject({ ok: true });
  });
});
