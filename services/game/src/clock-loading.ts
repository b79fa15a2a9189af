import type { RoomStore } from '@veil/store';
import type { LoadedRoomState } from './room-loading.js';
import { initialClock, storedClock, type ClockSettings, type ClockState } from './seat-clock.js';

/**
 * A loaded room's clock: the one its last event stored. A load that replayed no event (its
 * snapshot is at the room's version) reads the events before that snapshot once more, from an
 * earlier snapshot, for the last of them; a room at version 0 starts from its creation.
 */
export async function loadClock(
  store: RoomStore,
  loaded: LoadedRoomState,
  settings: ClockSettings,
): Promise<ClockState> {
  const fresh = initialClock(settings, Object.keys(loaded.record.seats));
  if (loaded.clock !== null) return loaded.clock;
  if (loaded.version === 0) return fresh;
  const earlier = await store.load(loaded.record.id, { snapshotBefore: loaded.version });
  let clock: ClockState | null = null;
  for (const event of earlier?.events ?? []) {
    if (event.version <= loaded.version) clock = storedClock(event.action) ?? clock;
  }
  return clock ?? fresh;
}
