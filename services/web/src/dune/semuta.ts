import type { DuneView } from '@veil/dune/client';
import { cardName, factionName } from './names.js';

// Pure: Semuta Drug in words (docs/games/dune.md, "Semuta Drug"). The fresh-discard boundary
// reads the same for every seat asked — only the holder's own legal actions add "use Semuta" —
// and no candidate is named before the commitment: they come from `view.semuta`, the
// claimant's alone, which exists only after it.

/** Whether the room's public options put Semuta Drug in the deck. */
export function semutaRoom(view: DuneView): boolean {
  return view.flow.options.semutaDrug === true;
}

/** The generic button every seat asked at a boundary gets: the same words, holder or not. */
export const CONTINUE_LABEL = 'Continue';
export const USE_TITLE = 'Use Semuta';
export const COMMIT_LABEL = 'Commit and inspect';
/** Said beside the commitment, before it is pressed. */
export const COMMIT_WARNING =
  'This plays and discards your Semuta Drug and cannot be undone: you then see the freshly ' +
  'discarded cards of the other players and must take one of them.';

/** The open window's prompt: public facts only (who is asked, in turn), the same for all. */
export function boundaryPrompt(): string {
  return 'Cards were just discarded. Each player asked, in turn, continues when ready.';
}

/** The claimant's selection prompt (the play is public; the candidates are not). */
export function selectionPrompt(seat: string): string {
  return `${factionName(seat)} played Semuta Drug and takes one of the discarded cards.`;
}

/** The claimant's candidates in words (empty for everyone else and before the commitment). */
export function candidateLines(view: DuneView): Array<{ handle: string; text: string }> {
  return (view.semuta?.candidates ?? []).map((c) => ({
    handle: c.handle,
    text: `${cardName(c.card)} (discarded by ${factionName(c.discardedBy)})`,
  }));
}

/** A pick's button label: the candidate's name, from the claimant's own inspection. */
export function pickLabel(view: DuneView, pick: string): string {
  const c = view.semuta?.candidates.find((x) => x.handle === pick);
  return c ? `Take ${cardName(c.card)} (from ${factionName(c.discardedBy)})` : 'Take this card';
}

/** The log's two Semuta events in words; `null` for any other entry. */
export function semutaLogText(
  type: string,
  data: Readonly<Record<string, unknown>>,
): string | null {
  const who = typeof data['faction'] === 'string' ? factionName(data['faction']) : 'A player';
  if (type === 'semuta_played') return `${who} played Semuta Drug on the fresh discards.`;
  if (type === 'semuta_recovered') {
    const card = typeof data['card'] === 'string' ? cardName(data['card']) : 'one card';
    const from =
      typeof data['from'] === 'string' ? ` discarded by ${factionName(data['from'])}` : '';
    return `${who} took ${card}${from} with Semuta Drug.`;
  }
  return null;
}

/** The shield's standing setting, in the engine's two policy kinds. */
export type SemutaSetting = 'ask' | 'decline' | 'commit';

export const SETTING_LABELS: Readonly<Record<SemutaSetting, string>> = {
  ask: 'ask me',
  decline: 'always decline',
  commit: 'auto-commit',
};

/** The current setting from the seat's own policies in its view (auto-decline wins, as in the rules). */
export function semutaSetting(policies: Readonly<Record<string, string>>): SemutaSetting {
  if (policies['semuta'] === 'auto-pass') return 'decline';
  if (policies['semuta_auto_commit'] === 'auto-pass') return 'commit';
  return 'ask';
}

/**
 * The policy changes that make the seat's `policies` say `to`, in order: what is set comes
 * before what is cleared, so no step in between asks where neither the old nor the new value would.
 */
export function settingChanges(
  policies: Readonly<Record<string, string>>,
  to: SemutaSetting,
): Array<[kind: 'semuta' | 'semuta_auto_commit', policy: 'auto-pass' | null]> {
  const want = {
    semuta: to === 'decline' ? 'auto-pass' : null,
    semuta_auto_commit: to === 'commit' ? 'auto-pass' : null,
  } as const;
  const kinds = ['semuta', 'semuta_auto_commit'] as const;
  const differs = kinds.filter(
    (k) => (policies[k] === 'auto-pass' ? 'auto-pass' : null) !== want[k],
  );
  return [
    ...differs.filter((k) => want[k] !== null).map((k) => [k, want[k]] as [typeof k, 'auto-pass']),
    ...differs.filter((k) => want[k] === null).map((k) => [k, null] as [typeof k, null]),
  ];
}
