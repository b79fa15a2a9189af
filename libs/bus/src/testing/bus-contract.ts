import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bus, BusHooks, BusMessage } from '../bus.js';
import type { BusError, BusErrorCode } from '../bus-error.js';
import { deferred } from './deferred.js';
import { MessageCollector } from './message-collector.js';

/** Two connections to the same broker, so that every test crosses from one to the other. */
export interface BusPair {
  readonly a: Bus;
  readonly b: Bus;
  /** Closes both connections (they may already be closed or drained). */
  cleanup(): Promise<void>;
}

/** Creates a fresh pair per test; both connections must report their errors to `hooks.onError`. */
export type MakeBuses = (hooks: Required<BusHooks>) => Promise<BusPair>;

const NEVER_WITHIN_THE_TEST = 30_000;

function busErrorWithCode(code: BusErrorCode) {
  return expect.objectContaining({ name: 'BusError', code });
}

function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected the action to throw');
}

/**
 * The behaviour every {@link Bus} adapter must have, run unchanged against the in-process
 * adapter (libs/bus) and a real nats-server (test/integration). Subjects are prefixed with a
 * fresh id per test, so suites sharing one server cannot see each other's messages.
 */
export function describeBusContract(name: string, makeBuses: MakeBuses): void {
  describe(`Bus contract: ${name}`, () => {
    let pair: BusPair;
    let a: Bus;
    let b: Bus;
    let errors: BusError[];
    let prefix: string;
    let fences = 0;

    const subject = (...tokens: string[]): string => [prefix, ...tokens].join('.');

    /**
     * Returns once everything `from` published before the call has been handed to handlers on
     * `to`: NATS keeps the order of one publisher's messages to one connection, so a marker
     * published last arrives last. This replaces sleeping before asserting that nothing came.
     */
    async function fence(from: Bus, to: Bus): Promise<void> {
      fences += 1;
      const marker = subject('fence', String(fences));
      const arrived = new MessageCollector();
      const subscription = await to.subscribe(marker, arrived.handler);
      from.publish(marker, null);
      await arrived.waitFor(1);
      await subscription.unsubscribe();
    }

    beforeEach(async () => {
      errors = [];
      pair = await makeBuses({ onError: (error) => errors.push(error) });
      ({ a, b } = pair);
      prefix = `contract.t${randomUUID().replaceAll('-', '')}`;
    });

    afterEach(async () => {
      await pair.cleanup();
    });

    describe('publish/subscribe', () => {
      it('delivers a message from one connection to a subscriber on the other', async () => {
        const received = new MessageCollector();
        await b.subscribe(subject('greeting'), received.handler);

        a.publish(subject('greeting'), { text: 'hello', count: 1, nested: [true, null] });

        await received.waitFor(1);
        expect(received.subjects).toEqual([subject('greeting')]);
        expect(received.data).toEqual([{ text: 'hello', count: 1, nested: [true, null] }]);
        expect(received.messages[0]?.respond).toBeUndefined();
      });

      it('delivers once to every plain subscriber, the publishing connection included', async () => {
        const onA = new MessageCollector();
        const onB = new MessageCollector();
        const alsoOnB = new MessageCollector();
        await a.subscribe(subject('news'), onA.handler);
        await b.subscribe(subject('news'), onB.handler);
        await b.subscribe(subject('news'), alsoOnB.handler);

        a.publish(subject('news'), 'extra');
        await fence(a, a);
        await fence(a, b);

        expect(onA.data).toEqual(['extra']);
        expect(onB.data).toEqual(['extra']);
        expect(alsoOnB.data).toEqual(['extra']);
      });

      it('never runs a handler synchronously inside publish', async () => {
        const received = new MessageCollector();
        await a.subscribe(subject('async'), received.handler);

        a.publish(subject('async'), 1);
        expect(received.messages).toHaveLength(0);

        await received.waitFor(1);
        expect(received.data).toEqual([1]);
      });

      it('keeps the order of one publisher’s messages', async () => {
        const received = new MessageCollector();
        await b.subscribe(subject('ordered'), received.handler);
        const sequence = Array.from({ length: 50 }, (_, index) => index);

        for (const index of sequence) a.publish(subject('ordered'), index);

        await received.waitFor(sequence.length);
        expect(received.data).toEqual(sequence);
      });

      it('accepts any JSON value as payload', async () => {
        const received = new MessageCollector();
        await b.subscribe(subject('values'), received.handler);
        const values = [null, false, 0, -1.5, '', 'ünïcødé ✓', [], {}, [{ a: [1] }]];

        for (const value of values) a.publish(subject('values'), value);

        await received.waitFor(values.length);
        expect(received.data).toEqual(values);
      });
    });

    describe('wildcards', () => {
      it('`*` matches exactly one token', async () => {
        const middle = new MessageCollector();
        const last = new MessageCollector();
        await b.subscribe(subject('star', '*', 'end'), middle.handler);
        await b.subscribe(subject('tail', '*'), last.handler);

        for (const tokens of [
          ['star', 'x', 'end'],
          ['star', 'x', 'y', 'end'],
          ['star', 'end'],
          ['star', 'x', 'other'],
          ['tail', 'one'],
          ['tail', 'one', 'two'],
          ['tail'],
        ]) {
          a.publish(subject(...tokens), tokens.join('.'));
        }
        await fence(a, b);

        expect(middle.subjects).toEqual([subject('star', 'x', 'end')]);
        expect(last.subjects).toEqual([subject('tail', 'one')]);
      });

      it('`>` matches one or more trailing tokens', async () => {
        const received = new MessageCollector();
        await b.subscribe(subject('gt', '>'), received.handler);

        for (const tokens of [['gt', 'a'], ['gt', 'a', 'b', 'c'], ['gt'], ['gtx', 'a']]) {
          a.publish(subject(...tokens), null);
        }
        await fence(a, b);

        expect(received.subjects).toEqual([subject('gt', 'a'), subject('gt', 'a', 'b', 'c')]);
      });

      it('combines `*` and `>` in one pattern', async () => {
        const received = new MessageCollector();
        await b.subscribe(subject('room', '*', 'view', '>'), received.handler);

        for (const tokens of [
          ['room', 'r1', 'view', 'corp'],
          ['room', 'r2', 'view', 'spectator', 'delayed'],
          ['room', 'r1', 'view'],
          ['room', 'r1', 'cmd'],
          ['room', 'r1', 'x', 'view', 'corp'],
        ]) {
          a.publish(subject(...tokens), null);
        }
        await fence(a, b);

        expect(received.subjects).toEqual([
          subject('room', 'r1', 'view', 'corp'),
          subject('room', 'r2', 'view', 'spectator', 'delayed'),
        ]);
      });

      it('treats a token that merely contains * or > as a literal', async () => {
        const received = new MessageCollector();
        await b.subscribe(subject('lit', 'a*'), received.handler);

        a.publish(subject('lit', 'ab'), null);
        a.publish(subject('lit', 'a*'), null);
        await fence(a, b);

        expect(received.subjects).toEqual([subject('lit', 'a*')]);
      });

      it('rejects malformed subjects, wildcard publishes and bad queue names', async () => {
        for (const bad of [subject('x', '*'), subject('x', '>'), `${prefix}..x`, 'a b', '']) {
          expect(thrownBy(() => a.publish(bad, null))).toEqual(busErrorWithCode('invalid_subject'));
          await expect(a.request(bad, null)).rejects.toEqual(busErrorWithCode('invalid_subject'));
        }
        for (const bad of [subject('>', 'x'), `${prefix}.`, 'a\tb']) {
          await expect(a.subscribe(bad, () => {})).rejects.toEqual(
            busErrorWithCode('invalid_subject'),
          );
        }
        await expect(a.subscribe(subject('q'), () => {}, { queue: 'two words' })).rejects.toEqual(
          busErrorWithCode('invalid_subject'),
        );
      });
    });

    describe('queue groups', () => {
      it('gives each message to exactly one member of each group and to every plain subscriber', async () => {
        const workerOnA = new MessageCollector();
        const workerOnB = new MessageCollector();
        const auditor = new MessageCollector();
        const plain = new MessageCollector();
        await a.subscribe(subject('jobs'), workerOnA.handler, { queue: 'workers' });
        await b.subscribe(subject('jobs'), workerOnB.handler, { queue: 'workers' });
        await b.subscribe(subject('jobs'), auditor.handler, { queue: 'auditors' });
        await a.subscribe(subject('jobs'), plain.handler);
        const ids = Array.from({ length: 200 }, (_, id) => id);

        for (const id of ids) a.publish(subject('jobs'), id);
        await fence(a, a);
        await fence(a, b);

        const byWorkers = [...workerOnA.data, ...workerOnB.data] as number[];
        expect(byWorkers.toSorted((x, y) => x - y)).toEqual(ids);
        expect(auditor.data).toEqual(ids);
        expect(plain.data).toEqual(ids);
        // How the work is split between the two workers is the broker's choice: not asserted.
      });

      it('answers each request from exactly one member', async () => {
        const handled: string[] = [];
        for (const [member, bus] of [
          ['a', a],
          ['b', b],
        ] as const) {
          await bus.subscribe(
            subject('svc'),
            ({ data, respond }) => {
              handled.push(member);
              respond?.({ member, doubled: (data as number) * 2 });
            },
            { queue: 'responders' },
          );
        }

        for (let n = 0; n < 20; n += 1) {
          const reply = await a.request(subject('svc'), n);
          expect(reply).toEqual({ member: expect.any(String), doubled: n * 2 });
        }
        await fence(a, a);
        await fence(a, b);

        expect(handled).toHaveLength(20);
      });
    });

    describe('request/reply', () => {
      it('returns the reply of a responder on the other connection', async () => {
        await b.subscribe(subject('echo'), ({ subject: on, data, respond }) => {
          respond?.({ on, echo: data });
        });

        await expect(a.request(subject('echo'), { ask: [1, 2] })).resolves.toEqual({
          on: subject('echo'),
          echo: { ask: [1, 2] },
        });
      });

      it('lets an async handler reply later', async () => {
        await b.subscribe(subject('slow'), async ({ data, respond }) => {
          await Promise.resolve();
          respond?.(`later ${String(data)}`);
        });

        await expect(a.request(subject('slow'), 'x')).resolves.toBe('later x');
      });

      it('gives each of many concurrent requests its own reply, in whatever order they come', async () => {
        // Replies go out in reverse order of arrival, the last request answered first.
        const waiting: (() => void)[] = [];
        await b.subscribe(subject('many'), ({ data, respond }) => {
          waiting.push(() => respond?.({ doubled: (data as number) * 2 }));
          if (waiting.length === 50) for (const answer of waiting.reverse()) answer();
        });

        const replies = await Promise.all(
          Array.from({ length: 50 }, (_, i) => a.request(subject('many'), i)),
        );
        expect(replies).toEqual(Array.from({ length: 50 }, (_, i) => ({ doubled: i * 2 })));
      });

      it('rejects with no_responders at once when nobody subscribed', async () => {
        // A timeout far beyond the test's own: only an immediate answer can pass.
        await expect(
          a.request(subject('nobody'), null, { timeoutMs: NEVER_WITHIN_THE_TEST }),
        ).rejects.toEqual(busErrorWithCode('no_responders'));
      });

      it('rejects with timeout when the responder does not reply in time', async () => {
        const received = new MessageCollector();
        await b.subscribe(subject('silent'), received.handler);

        await expect(a.request(subject('silent'), null, { timeoutMs: 50 })).rejects.toEqual(
          busErrorWithCode('timeout'),
        );
        expect(received.messages[0]?.respond).toBeTypeOf('function');
      });

      it.each([
        [
          'throws',
          () => {
            throw new Error('secret: the corp holds Hedge Fund');
          },
        ],
        ['rejects', async () => Promise.reject(new Error('secret: the corp holds Hedge Fund'))],
      ])('answers handler_error when the handler %s, without its message', async (_, handler) => {
        await b.subscribe(subject('broken'), handler);

        const failure = await a
          .request(subject('broken'), null, { timeoutMs: NEVER_WITHIN_THE_TEST })
          .catch((error: unknown) => error);

        expect(failure).toEqual(busErrorWithCode('handler_error'));
        expect(String((failure as BusError).message)).not.toContain('secret');
        expect(errors).toEqual([busErrorWithCode('handler_error')]);
        expect((errors[0]?.cause as Error).message).toBe('secret: the corp holds Hedge Fund');
      });

      it('keeps delivering after a handler threw on a published message', async () => {
        const received = new MessageCollector();
        await b.subscribe(subject('flaky'), (message) => {
          received.handler(message);
          if (message.data === 'bad') throw new Error('bad message');
        });

        a.publish(subject('flaky'), 'bad');
        a.publish(subject('flaky'), 'good');

        await received.waitFor(2);
        expect(received.data).toEqual(['bad', 'good']);
        expect(errors).toEqual([busErrorWithCode('handler_error')]);
      });

      it('sends only the first reply', async () => {
        await b.subscribe(subject('twice'), ({ respond }) => {
          respond?.('first');
          respond?.('second');
        });

        await expect(a.request(subject('twice'), null)).resolves.toBe('first');
      });

      it('rejects a non-positive timeout', async () => {
        await expect(a.request(subject('echo'), null, { timeoutMs: 0 })).rejects.toBeInstanceOf(
          RangeError,
        );
      });
    });

    describe('unsubscribe', () => {
      it('stops delivery to that subscription only', async () => {
        const kept = new MessageCollector();
        const dropped = new MessageCollector();
        await b.subscribe(subject('feed'), kept.handler);
        const subscription = await b.subscribe(subject('feed'), dropped.handler);
        a.publish(subject('feed'), 1);
        await dropped.waitFor(1);

        await subscription.unsubscribe();
        a.publish(subject('feed'), 2);
        a.publish(subject('feed'), 3);

        await kept.waitFor(3);
        expect(kept.data).toEqual([1, 2, 3]);
        expect(dropped.data).toEqual([1]);
      });

      it('removes a responder: requests then get no_responders', async () => {
        const subscription = await b.subscribe(subject('gone'), ({ respond }) => respond?.('here'));
        await expect(a.request(subject('gone'), null)).resolves.toBe('here');

        await subscription.unsubscribe();
        await subscription.unsubscribe();

        await expect(
          a.request(subject('gone'), null, { timeoutMs: NEVER_WITHIN_THE_TEST }),
        ).rejects.toEqual(busErrorWithCode('no_responders'));
      });
    });

    describe('payload limit', () => {
      it('is the same on both connections', () => {
        expect(a.maxPayloadBytes).toBeGreaterThan(0);
        expect(b.maxPayloadBytes).toBe(a.maxPayloadBytes);
      });

      it('delivers a payload of exactly maxPayloadBytes', async () => {
        const received = new MessageCollector();
        await b.subscribe(subject('big'), received.handler);
        const largest = 'x'.repeat(a.maxPayloadBytes - 2); // two bytes for the JSON quotes

        a.publish(subject('big'), largest);

        await received.waitFor(1);
        expect(received.data[0]).toBe(largest);
      });

      it('rejects one byte more in publish, request and reply', async () => {
        const tooLarge = 'x'.repeat(a.maxPayloadBytes - 1);
        let replyFailure: unknown;
        await b.subscribe(subject('big'), ({ respond }) => {
          try {
            respond?.(tooLarge);
          } catch (error) {
            replyFailure = error;
            respond?.('fallback');
          }
        });

        expect(thrownBy(() => a.publish(subject('big'), tooLarge))).toEqual(
          busErrorWithCode('payload_too_large'),
        );
        await expect(a.request(subject('big'), tooLarge)).rejects.toEqual(
          busErrorWithCode('payload_too_large'),
        );
        await expect(a.request(subject('big'), 'small')).resolves.toBe('fallback');
        expect(replyFailure).toEqual(busErrorWithCode('payload_too_large'));
      });

      it('counts UTF-8 bytes, not characters', () => {
        const twoByteCharacters = 'é'.repeat(Math.ceil(a.maxPayloadBytes / 2));

        expect(twoByteCharacters.length).toBeLessThan(a.maxPayloadBytes);
        expect(thrownBy(() => a.publish(subject('big'), twoByteCharacters))).toEqual(
          busErrorWithCode('payload_too_large'),
        );
      });

      it('rejects values that have no JSON form', async () => {
        const circular: Record<string, unknown> = {};
        circular.self = circular;
        for (const value of [undefined, () => 1, Symbol('s'), 10n, circular]) {
          expect(thrownBy(() => a.publish(subject('bad'), value))).toEqual(
            busErrorWithCode('invalid_payload'),
          );
        }
      });
    });

    describe('JSON copies', () => {
      it('isolates the receiver from the sender mutating its object after publish', async () => {
        const received = new MessageCollector();
        await b.subscribe(subject('copy'), received.handler);
        const hand = { cards: ['Hedge Fund'], credits: 5 };

        a.publish(subject('copy'), hand);
        hand.cards.push('Ice Wall');
        hand.credits = 0;

        await received.waitFor(1);
        expect(received.data).toEqual([{ cards: ['Hedge Fund'], credits: 5 }]);
      });

      it('gives each receiver its own copy', async () => {
        const seen: string[] = [];
        const copies: unknown[] = [];
        const mutateAfterReading = ({ data }: BusMessage): void => {
          const view = data as { cards: string[] };
          seen.push(JSON.stringify(view));
          copies.push(view);
          view.cards.push('tampered');
        };
        await b.subscribe(subject('shared'), mutateAfterReading);
        await b.subscribe(subject('shared'), mutateAfterReading);
        await a.subscribe(subject('shared'), mutateAfterReading);

        a.publish(subject('shared'), { cards: ['Sure Gamble'] });
        await fence(a, a);
        await fence(a, b);

        expect(seen).toEqual(Array(3).fill(JSON.stringify({ cards: ['Sure Gamble'] })));
        expect(new Set(copies).size).toBe(3);
      });

      it('sends only the serialized form: no prototypes, hidden or undefined fields', async () => {
        const received = new MessageCollector();
        await b.subscribe(subject('form'), received.handler);
        class Card {
          constructor(readonly title: string) {}
          reveal(): string {
            return this.title;
          }
        }
        const state = {
          card: new Card('Snare!'),
          at: new Date(0),
          missing: undefined,
          list: [1, undefined],
          index: new Map([['secret', 1]]),
          redacted: { toJSON: () => 'redacted' },
        };
        Object.defineProperty(state, 'hidden', { value: 'the deck order', enumerable: false });

        a.publish(subject('form'), state);

        await received.waitFor(1);
        const data = received.data[0] as Record<string, unknown>;
        expect(data).toStrictEqual({
          card: { title: 'Snare!' },
          at: '1970-01-01T00:00:00.000Z',
          list: [1, null],
          index: {},
          redacted: 'redacted',
        });
        expect(Object.getPrototypeOf(data.card)).toBe(Object.prototype);
      });

      it('copies replies too', async () => {
        const reply = { version: 1 };
        await b.subscribe(subject('reply-copy'), ({ respond }) => {
          respond?.(reply);
          reply.version = 2;
        });

        await expect(a.request(subject('reply-copy'), null)).resolves.toEqual({ version: 1 });
      });
    });

    describe('drain and close', () => {
      it('drain waits for a handler in flight, whose reply still goes out', async () => {
        const started = deferred();
        const release = deferred();
        const events: string[] = [];
        await b.subscribe(subject('work'), async ({ respond }) => {
          events.push('handler started');
          started.resolve();
          await release.promise;
          events.push('handler finished');
          respond?.('done');
        });
        const reply = a.request(subject('work'), null, { timeoutMs: NEVER_WITHIN_THE_TEST });
        await started.promise;

        const drained = b.drain().then(() => events.push('drained'));
        // Give a drain that forgot the handler every chance to finish early.
        await a.flush();
        await fence(a, a);
        expect(events).toEqual(['handler started']);
        release.resolve();

        await expect(reply).resolves.toBe('done');
        await drained;
        expect(events).toEqual(['handler started', 'handler finished', 'drained']);
      });

      it('a drained bus receives nothing and refuses everything with closed', async () => {
        await b.subscribe(subject('after'), () => {});
        await b.drain();
        await b.drain();

        await expect(
          a.request(subject('after'), null, { timeoutMs: NEVER_WITHIN_THE_TEST }),
        ).rejects.toEqual(busErrorWithCode('no_responders'));
        expect(thrownBy(() => b.publish(subject('after'), null))).toEqual(
          busErrorWithCode('closed'),
        );
        await expect(b.subscribe(subject('after'), () => {})).rejects.toEqual(
          busErrorWithCode('closed'),
        );
        await expect(b.request(subject('after'), null)).rejects.toEqual(busErrorWithCode('closed'));
        await expect(b.flush()).rejects.toEqual(busErrorWithCode('closed'));
        await b.close();
      });

      it('close rejects pending requests with closed', async () => {
        const received = new MessageCollector();
        await b.subscribe(subject('pending'), received.handler);
        const reply = a.request(subject('pending'), null, { timeoutMs: NEVER_WITHIN_THE_TEST });
        await received.waitFor(1);

        await a.close();

        await expect(reply).rejects.toEqual(busErrorWithCode('closed'));
        expect(thrownBy(() => a.publish(subject('pending'), null))).toEqual(
          busErrorWithCode('closed'),
        );
      });

      it('a handler still running after close cannot reply; the failure is reported', async () => {
        const started = deferred();
        const release = deferred();
        const finished = deferred();
        await b.subscribe(subject('late'), async ({ respond }) => {
          started.resolve();
          await release.promise;
          try {
            respond?.('too late');
          } finally {
            finished.resolve();
          }
        });
        const reply = a
          .request(subject('late'), null, { timeoutMs: 200 })
          .catch((error: unknown) => error);
        await started.promise;

        await b.close();
        release.resolve();
        await finished.promise;

        expect(await reply).toEqual(busErrorWithCode('timeout'));
        expect(errors[0]).toEqual(busErrorWithCode('handler_error'));
        expect(errors[0]?.cause).toEqual(busErrorWithCode('closed'));
      });
    });
  });
}
