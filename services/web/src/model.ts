import type { RoomSummary } from '@veil/client';
import type { NetrunnerView } from '@veil/netrunner/client';
import { plainText, symbols } from './catalog.js';
import { openWindow, sideName, windowText, type Viewer } from './labels.js';
import type { StoredLogEntry } from './storage.js';

/** What the board says at the top: the viewer decides, waits, or the game is over. */
export interface BoardStatus {
  readonly kind: 'deciding' | 'waiting' | 'over';
  readonly text: string;
  /** Waiting on a bot seat: its worker is deciding. */
  readonly thinking?: true;
}

/** Bot levels as players know them; the level id is shown beside the name. */
export const BOT_LEVEL_NAMES: Readonly<Record<string, string>> = {
  random: 'Random',
  greedy: 'Easy',
  ismcts: 'Medium',
  expert: 'Hard',
};

/** `Hard (expert)`: a level's player name with its id. */
export function botLevelText(level: string): string {
  const name = BOT_LEVEL_NAMES[level];
  return name ? `${name} (${level})` : level;
}

const REASONS: Record<string, string> = {
  agenda_points: 'agenda points',
  flatline: 'the Runner was flatlined',
  corp_decked: 'the Corp had to draw from an empty R&D',
  no_game: 'no game was set up',
  conceded: 'the other side conceded',
  time: 'the other side ran out of time',
  left: 'the other side was gone',
};

export function outcomeText(outcome: {
  readonly winners: readonly string[];
  readonly reason: string;
}): {
  readonly winner: string;
  readonly reason: string;
} {
  const names = outcome.winners.map(sideName);
  const listed =
    names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  // At a larger table a concession ends the room only when its last player leaves it.
  const reason =
    outcome.reason === 'conceded' && names.length > 1
      ? 'the last player left the table'
      : (REASONS[outcome.reason] ?? outcome.reason.replace(/_/g, ' '));
  return {
    winner: names.length === 0 ? 'Nobody wins' : `The ${listed} win${names.length > 1 ? '' : 's'}`,
    reason,
  };
}

/** Netrunner's own outcome (one winner, or none for a draw) in the room's form. */
export function roomOutcomeOf(outcome: {
  readonly winner: string | null;
  readonly reason: string;
}) {
  return { winners: outcome.winner === null ? [] : [outcome.winner], reason: outcome.reason };
}

/** A lobby row's status: how the game ended, once the room's summary says. */
export function roomStatusText(room: Pick<RoomSummary, 'status' | 'outcome'>): string {
  if (!room.outcome) return room.status;
  const { winner, reason } = outcomeText(room.outcome);
  return `${room.status}: ${winner} (${reason})`;
}

/**
 * `bots`: the room's bot seats and their levels (from the room summary), so that waiting on a
 * bot says it is thinking.
 */
export function boardStatus(
  view: NetrunnerView,
  viewer: Viewer,
  bots: Readonly<Record<string, string>> = {},
): BoardStatus {
  if (view.outcome) {
    const { winner, reason } = outcomeText(roomOutcomeOf(view.outcome));
    return { kind: 'over', text: `Game over: ${winner} (${reason}).` };
  }
  if (viewer !== 'spectator' && (view.legalActions?.length ?? 0) > 0) {
    return { kind: 'deciding', text: 'Your decision.' };
  }
  const waitingOn = view.deciders.filter((d) => d !== viewer);
  const thinking = waitingOn.filter((d) => bots[d] !== undefined);
  if (thinking.length > 0 && thinking.length === waitingOn.length) {
    const who = thinking.map((d) => {
      const level = bots[d] ?? '';
      return `The ${sideName(d)} bot (${BOT_LEVEL_NAMES[level] ?? level})`;
    });
    return { kind: 'waiting', text: `${who.join(' and ')} is thinking…`, thinking: true };
  }
  const others = waitingOn.map((d) => `the ${sideName(d)}`);
  return {
    kind: 'waiting',
    text: others.length > 0 ? `Waiting for ${others.join(' and ')}…` : 'Waiting…',
  };
}

/** The prompt over the buttons: the decision's public prompt, else the window, else the stage. */
export function promptText(view: NetrunnerView): string {
  if (view.decision) return plainText(view.decision.prompt);
  const window = openWindow(view);
  if (window) return windowText(view, window.kind);
  return `${stageText(view)}.`;
}

/** Where in the turn a window kind is, in the table's words. */
const WINDOW_STAGES: Readonly<Record<string, string>> = {
  'corp-draw': 'start of turn',
  'runner-turn-start': 'start of turn',
  'corp-action': 'action phase',
  'runner-action': 'action phase',
  'corp-discard': 'end of turn',
  'runner-discard': 'end of turn',
};

/** `Corp's turn · action phase`, `Runner's turn · run on R&D`: no statechart names. */
export function stageText(view: NetrunnerView): string {
  const turn = `${sideName(view.active)}'s turn`;
  if (view.outcome) return `${turn} · game over`;
  if (view.phase.startsWith('setup')) return 'Setup · mulligans';
  if (view.run) {
    const run = view.run;
    const server = view.servers.find((s) => s.id === run.server)?.label ?? 'a server';
    return `${turn} · run on ${server}`;
  }
  const window = openWindow(view);
  const stage = window ? WINDOW_STAGES[window.kind] : undefined;
  return stage ? `${turn} · ${stage}` : turn;
}

/** A run's step as players say it. */
const RUN_STEPS: Readonly<Record<string, string>> = {
  initiation: 'starting',
  'approach-ice': 'approaching ice',
  encounter: 'encountering ice',
  movement: 'moving inward',
  'approach-server': 'approaching the server',
  success: 'successful',
  breach: 'breaching the server',
  ends: 'ending',
};

/** The two halves of the board, the viewer's own at the bottom (the Runner's for spectators). */
export function sidesTopBottom(viewer: Viewer): readonly ['corp' | 'runner', 'corp' | 'runner'] {
  return viewer === 'corp' ? ['runner', 'corp'] : ['corp', 'runner'];
}

/** What a run looks like in words: `Run on R&D · encounter · ice 2 of 3`. */
export function runText(view: NetrunnerView): string | null {
  const run = view.run;
  if (!run) return null;
  const server = view.servers.find((s) => s.id === run.server);
  const parts = [`Run on ${server?.label ?? 'a server'}`, RUN_STEPS[run.step] ?? 'under way'];
  const count = server?.ice.length ?? 0;
  if (run.position !== null && count > 0) {
    parts.push(`at ice ${count - run.position} of ${count} (from the outside)`);
  }
  if (run.successful && run.step !== 'success') parts.push('successful');
  if (run.accessed > 0) parts.push(`${run.accessed} accessed`);
  return parts.join(' · ');
}

/**
 * A log line's symbols as text: clicks counted (`[click][click][click]` → `3 clicks`, which
 * the card-text symbol would run together), the others as in card text (`+9[credit]` → `+9¢`).
 */
function logSymbols(text: string): string {
  return symbols(
    text.replace(/(?:\[click\])+/g, (run) => {
      const n = run.length / '[click]'.length;
      return `${n} click${n === 1 ? '' : 's'}`;
    }),
  );
}

/** Splits a log line so that each card title it names carries its code (hover text). */
export function logSegments(entry: StoredLogEntry): { text: string; code?: string }[] {
  const titles = [...new Map(entry.cards.map((c) => [c.title, c.code])).entries()].sort(
    (a, b) => b[0].length - a[0].length,
  );
  if (titles.length === 0) return [{ text: logSymbols(entry.text) }];
  const escaped = titles.map(([t]) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const codes = new Map(titles);
  return entry.text
    .split(new RegExp(`(${escaped.join('|')})`))
    .filter((part) => part.length > 0)
    .map((part) => {
      const code = codes.get(part);
      return code ? { text: part, code } : { text: logSymbols(part) };
    });
}
