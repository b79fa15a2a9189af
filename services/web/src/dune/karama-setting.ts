import { KARAMA_WINDOW_KINDS } from '@veil/dune/client';

// Pure: the seat's standing setting for the Karama windows (docs/games/dune.md, "Neutral
// window"). Each asks every seat but the power's owner, holder or not, so by default a person is
// asked at every Voice, Prescience, wormsign, Guild payment, card up for bid… A seat may turn
// them all off (`auto-pass`, its own private policy): it is then never asked, and cannot answer
// those powers with a Karama, until it turns them back on.

type Policies = Readonly<Record<string, string>>;

/** Whether the seat is asked at the Karama windows: yes unless it turned every one of them off. */
export function asksAtKarama(policies: Policies): boolean {
  return !KARAMA_WINDOW_KINDS.every((kind) => policies[kind] === 'auto-pass');
}

/** The policy changes that make the seat asked (back to the default, `null`) or not (`auto-pass`). */
export function karamaChanges(policies: Policies, ask: boolean): [string, 'auto-pass' | null][] {
  return KARAMA_WINDOW_KINDS.filter((kind) => (policies[kind] === 'auto-pass') === ask).map(
    (kind) => [kind, ask ? null : 'auto-pass'],
  );
}
