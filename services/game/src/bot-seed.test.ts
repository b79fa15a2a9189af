import { describe, expect, it } from 'vitest';
import { botSeed, fallbackBotAction } from './bot-moves.js';

// A bot's randomness comes from the room's secret: knowing the room id, version and seat (all
// public) is not enough to replay a bot's search and infer the hand it played from.
describe('bot seeds', () => {
  const at = { version: 12, seat: 'runner' };

  it('are reproducible from the secret, and differ between secrets with the same public facts', () => {
    const a = { ...at, secret: 'a'.repeat(64) };
    const b = { ...at, secret: 'b'.repeat(64) };
    expect(botSeed(a, 1)).toBe(botSeed({ ...a }, 1));
    expect(botSeed(a, 1)).not.toBe(botSeed(b, 1));
    expect(botSeed(a, 1)).not.toBe(botSeed(a, 2));
    expect(botSeed(a, 1)).not.toBe(botSeed({ ...a, version: 13 }, 1));
    expect(botSeed(a, 1)).toMatch(/^[0-9a-f]{64}$/);
    expect(botSeed(a, 1)).not.toContain(a.secret.slice(0, 8));
  });

  it("make the node's fallback move depend on the secret, not only on public facts", () => {
    const legalActions = Array.from({ length: 20 }, (_, i) => ({ type: 'pick', i }));
    const picks = new Set(
      Array.from({ length: 12 }, (_, k) =>
        JSON.stringify(fallbackBotAction({ ...at, secret: `secret-${k}`, legalActions })),
      ),
    );
    expect(picks.size).toBeGreaterThan(1);
  });
});
