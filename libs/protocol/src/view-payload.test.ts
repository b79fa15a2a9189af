import { describe, it } from 'vitest';
import { MAX_VIEW_BYTES } from './limits.js';
import { expectRefused, expectRoundTrip, objectOfBytes } from './test-support.js';
import { viewPayloadSchema, type ViewPayload } from './view-payload.js';

const seatView: ViewPayload = {
  roomId: 'r1',
  version: 3,
  seat: 'corp',
  view: { hand: ['h1', 'h2'], credits: 5, legalActions: [{ type: 'draw' }] },
};
const spectatorView: ViewPayload = { ...seatView, seat: null, view: { credits: 5 } };
const CLOCKS = { remainingMs: { corp: 61_250, runner: 0 }, running: ['corp'] };

describe('viewPayloadSchema', () => {
  it("round-trips a seat's view and the spectators' view", () => {
    expectRoundTrip(viewPayloadSchema, seatView);
    expectRoundTrip(viewPayloadSchema, spectatorView);
    expectRoundTrip(viewPayloadSchema, { ...seatView, view: objectOfBytes(MAX_VIEW_BYTES) });
    expectRoundTrip(viewPayloadSchema, { ...spectatorView, fixedDeal: true });
    expectRoundTrip(viewPayloadSchema, { ...seatView, clocks: CLOCKS });
  });

  const refusals: [string, unknown, PropertyKey[]][] = [
    ['"spectator" as a seat (spectators have null)', { ...seatView, seat: 'spectator' }, ['seat']],
    ['a missing view', { ...seatView, view: undefined }, ['view']],
    [
      'a view larger than MAX_VIEW_BYTES',
      { ...seatView, view: objectOfBytes(MAX_VIEW_BYTES + 1) },
      ['view'],
    ],
    ['a view that is not JSON', { ...seatView, view: { credits: NaN } }, ['view', 'credits']],
    ['a fractional version', { ...seatView, version: 2.5 }, ['version']],
    ['a fixed deal that is not `true`', { ...seatView, fixedDeal: 'yes' }, ['fixedDeal']],
    ['a room id with a dot', { ...seatView, roomId: 'r.1' }, ['roomId']],
    [
      'a negative remaining time',
      { ...seatView, clocks: { ...CLOCKS, remainingMs: { corp: -1 } } },
      ['clocks', 'remainingMs', 'corp'],
    ],
    [
      'a fractional remaining time',
      { ...seatView, clocks: { ...CLOCKS, remainingMs: { corp: 1.5 } } },
      ['clocks', 'remainingMs', 'corp'],
    ],
    [
      'a running clock of a spectator',
      { ...seatView, clocks: { ...CLOCKS, running: ['spectator'] } },
      ['clocks', 'running', 0],
    ],
  ];

  it.each(refusals)('refuses %s', (_name, variant, path) => {
    expectRefused(viewPayloadSchema, seatView, variant, path);
  });
});
