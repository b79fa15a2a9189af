/**
 * Stop settings remembered in this browser (docs/protocol.md, "Policies"): the standing
 * policies a player chose at a table, per game and side, sent again as the player's own when it
 * opens another room with that side. They are what the player set, nothing else: never derived
 * from what a seat holds, so sending them tells the server (and, through the windows' public
 * `autoPassed`, the opponent) nothing the player's settings would not.
 */

export type StopPolicy = 'stop' | 'auto-pass';
export type StopSettings = Readonly<Record<string, StopPolicy>>;

/** What the settings need of `localStorage` (a stand-in in tests). */
export type SettingsStore = Pick<Storage, 'getItem' | 'setItem'>;

const PREFIX = 'veil.stops.';

function browserStore(): SettingsStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The settings kept for `game` and `seat`; anything malformed in storage is ignored. */
export function rememberedStops(
  game: string,
  seat: string,
  store: SettingsStore | null = browserStore(),
): StopSettings {
  let parsed: unknown;
  try {
    parsed = JSON.parse(store?.getItem(`${PREFIX}${game}.${seat}`) ?? '{}');
  } catch {
    return {};
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const out: Record<string, StopPolicy> = {};
  for (const [kind, policy] of Object.entries(parsed)) {
    if (policy === 'stop' || policy === 'auto-pass') out[kind] = policy;
  }
  return out;
}

/** Keeps (or with `null` forgets: the game's default applies) one setting. */
export function rememberStop(
  game: string,
  seat: string,
  kind: string,
  policy: StopPolicy | null,
  store: SettingsStore | null = browserStore(),
): void {
  const next: Record<string, StopPolicy> = { ...rememberedStops(game, seat, store) };
  if (policy === null) delete next[kind];
  else next[kind] = policy;
  try {
    store?.setItem(`${PREFIX}${game}.${seat}`, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the setting holds in this room only.
  }
}

/**
 * The policy changes that bring a seat's current policies (its view's `policies`) to the
 * remembered ones, for window kinds the game has: what to send when a room is opened.
 */
export function stopsToSend(
  remembered: StopSettings,
  current: Readonly<Record<string, string>>,
  kinds: readonly string[],
): { kind: string; policy: StopPolicy }[] {
  return kinds.flatMap((kind) => {
    const policy = remembered[kind];
    return policy !== undefined && current[kind] !== policy ? [{ kind, policy }] : [];
  });
}
