import { describe, expect, it } from 'vitest';
import { rememberedStops, rememberStop, stopsToSend, type SettingsStore } from './stop-settings.js';

function memoryStore(): SettingsStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('stop settings remembered in the browser', () => {
  it('keep each setting per game and side, and forget one set back to the default', () => {
    const store = memoryStore();
    rememberStop('netrunner', 'corp', 'run-approach-ice', 'auto-pass', store);
    rememberStop('netrunner', 'corp', 'corp-discard', 'stop', store);
    rememberStop('netrunner', 'runner', 'run-encounter', 'auto-pass', store);
    expect(rememberedStops('netrunner', 'corp', store)).toEqual({
      'run-approach-ice': 'auto-pass',
      'corp-discard': 'stop',
    });
    rememberStop('netrunner', 'corp', 'corp-discard', null, store);
    expect(rememberedStops('netrunner', 'corp', store)).toEqual({
      'run-approach-ice': 'auto-pass',
    });
    expect(rememberedStops('netrunner', 'runner', store)).toEqual({
      'run-encounter': 'auto-pass',
    });
    expect(rememberedStops('dune', 'corp', store)).toEqual({});
  });

  it('ignore what is not a setting (another value, malformed JSON)', () => {
    const store = memoryStore();
    store.data.set('veil.stops.netrunner.corp', '{"corp-draw":"stop","x":"maybe","y":3}');
    expect(rememberedStops('netrunner', 'corp', store)).toEqual({ 'corp-draw': 'stop' });
    store.data.set('veil.stops.netrunner.corp', '{not json');
    expect(rememberedStops('netrunner', 'corp', store)).toEqual({});
    store.data.set('veil.stops.netrunner.corp', '["stop"]');
    expect(rememberedStops('netrunner', 'corp', store)).toEqual({});
  });

  it("send, on opening a room, only the settings the seat does not have yet, of the game's kinds", () => {
    const remembered = {
      'corp-draw': 'auto-pass',
      'run-approach-ice': 'stop',
      gone: 'stop',
    } as const;
    const current = { 'run-approach-ice': 'stop' };
    expect(stopsToSend(remembered, current, ['corp-draw', 'run-approach-ice'])).toEqual([
      { kind: 'corp-draw', policy: 'auto-pass' },
    ]);
    expect(stopsToSend({}, current, ['corp-draw'])).toEqual([]);
  });
});
