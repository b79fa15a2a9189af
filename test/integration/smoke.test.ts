import { randomBytes } from 'node:crypto';
import { connect, StringCodec, type NatsConnection } from 'nats';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeWithServices,
  dropTestDatabase,
  services,
} from '../support/index.js';

// Proves the harness hands out working servers: a Postgres round trip in a private database,
// NATS request/reply, and a JetStream publish that is acknowledged and read back.

const sc = StringCodec();

describeWithServices('smoke: real Postgres and NATS', () => {
  describe('postgres', () => {
    let url: string;
    let client: pg.Client;

    beforeAll(async () => {
      url = await createTestDatabase('smoke');
      client = new pg.Client({ connectionString: url });
      await client.connect();
    });

    afterAll(async () => {
      await client?.end();
      if (url) await dropTestDatabase(url);
    });

    it('creates a table and round-trips a row', async () => {
      await client.query('CREATE TABLE smoke (id int PRIMARY KEY, body jsonb NOT NULL)');
      await client.query('INSERT INTO smoke (id, body) VALUES ($1, $2)', [
        1,
        { game: 'netrunner', seats: ['corp', 'runner'] },
      ]);
      const { rows } = await client.query('SELECT id, body FROM smoke');
      expect(rows).toEqual([{ id: 1, body: { game: 'netrunner', seats: ['corp', 'runner'] } }]);
    });

    it('gives each test database its own tables', async () => {
      const otherUrl = await createTestDatabase('smoke-other');
      expect(otherUrl).not.toBe(url);
      const other = new pg.Client({ connectionString: otherUrl });
      await other.connect();
      try {
        const { rows } = await other.query("SELECT to_regclass('smoke') AS table");
        expect(rows).toEqual([{ table: null }]);
      } finally {
        // Not dropped here: the global teardown drops whatever a run leaves behind.
        await other.end();
      }
    });
  });

  describe('nats', () => {
    let nc: NatsConnection;
    // Unique per run, so a long-lived server (NATS_URL) never sees leftovers of an earlier run.
    const id = randomBytes(4).toString('hex');

    beforeAll(async () => {
      nc = await connect({ servers: services().natsUrl });
    });

    afterAll(async () => {
      await nc?.drain();
    });

    it('answers a request', async () => {
      const subject = `smoke.${id}.echo`;
      const sub = nc.subscribe(subject, {
        callback: (_error, msg) => msg.respond(sc.encode(`echo: ${sc.decode(msg.data)}`)),
      });
      await nc.flush();
      const reply = await nc.request(subject, sc.encode('hello'), { timeout: 5_000 });
      expect(sc.decode(reply.data)).toBe('echo: hello');
      sub.unsubscribe();
    });

    it('publishes to a JetStream stream and reads the message back', async () => {
      const jsm = await nc.jetstreamManager();
      const stream = `SMOKE_${id}`;
      const subject = `smoke.${id}.events`;
      await jsm.streams.add({ name: stream, subjects: [subject] });
      try {
        const js = nc.jetstream();
        const first = await js.publish(subject, sc.encode('first'));
        const second = await js.publish(subject, sc.encode('second'));
        expect(first).toMatchObject({ stream, seq: 1, duplicate: false });
        expect(second.seq).toBe(2);

        const stored = await jsm.streams.getMessage(stream, { seq: 2 });
        expect(stored.subject).toBe(subject);
        expect(sc.decode(stored.data)).toBe('second');
      } finally {
        await jsm.streams.delete(stream);
      }
    });
  });
});
