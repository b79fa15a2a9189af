import type { GameSnapshot } from '@veil/engine';
import { playRandom } from '@veil/engine/testing';
import { netrunner, type NetrunnerView } from '@veil/netrunner';
import { describe, expect, it } from 'vitest';
import { tableActions } from './card-menu.js';
import type { Viewer } from './labels.js';
import { boardStatus, promptText, runText, stageText } from './model.js';

type Snapshot = GameSnapshot<Parameters<typeof netrunner.view>[0]['context']>;

/**
 * Every word the board prints about a state — status, stage, prompt, run, and each action's
 * label, tooltip and cost — over seeded random games of several deck pairings, for each viewer:
 * never a card handle (the games' own handles, any viewer's) and never an engine term.
 */

/** Statechart and window names, run steps as the rules spell them, the wire's error text. */
export const ENGINE_TERMS: readonly RegExp[] = [
  /approach-ice|approach-server|pass-ice/,
  /\bmovement\b/i,
  /\binitiation\b/i,
  /corpTurn|runnerTurn|\.window\b/,
  /\b(?:corp|runner)-(?:draw|action|discard|turn-start)\b/,
  /\brun-(?:encounter|movement)\b/,
  /act on the current version/,
  / · jack out/i,
  /\bundefined\b|\bnull\b|\[object/,
];

const PAIRINGS = [
  { corpDeck: 'sg-weyland', runnerDeck: 'sg-criminal' },
  { corpDeck: 'sg-jinteki', runnerDeck: 'sg-anarch' },
  { corpDeck: 'sg-nbn', runnerDeck: 'sg-criminal' },
  {},
];

/** Every handle of every card of the game, for each viewer (`handles` packs three). */
function allHandles(snapshot: Snapshot): Set<string> {
  const out = new Set<string>();
  for (const c of Object.values(snapshot.context.cards)) {
    for (let at = 0; at < c.handles.length; at += 8) out.add(c.handles.slice(at, at + 8));
  }
  return out;
}

function boardTexts(view: NetrunnerView, viewer: Viewer): string[] {
  const { byCard, general } = tableActions(view, viewer);
  const buttons = [...general, ...[...byCard.values()].flat()];
  return [
    boardStatus(view, viewer).text,
    stageText(view),
    promptText(view),
    runText(view) ?? '',
    ...buttons.flatMap((b) => [b.label, b.detail ?? '', b.cost]),
  ];
}

/** Problems found in the texts: handle-like words that are handles, and engine terms. */
export function problems(texts: readonly string[], handles: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const text of texts) {
    // Case-insensitive: a humanized handle starts with a capital (`H0xrl44q`).
    for (const word of text.match(/\bh[0-9a-z]{7}\b/gi) ?? []) {
      if (handles.has(word.toLowerCase())) out.push(`handle ${word} in "${text}"`);
    }
    for (const term of ENGINE_TERMS) if (term.test(text)) out.push(`${term} in "${text}"`);
  }
  return out;
}

describe('what the board says', () => {
  it('names cards, never handles, and uses no engine terms, in seeded random games', () => {
    const found = new Set<string>();
    let states = 0;
    let searches = 0;
    PAIRINGS.forEach((options) => {
      for (let seed = 1; seed <= 6; seed += 1) {
        for (const s of playRandom(netrunner, options, seed, 1500).snapshots) {
          const snapshot = s as Snapshot;
          const handles = allHandles(snapshot);
          for (const viewer of ['corp', 'runner', 'spectator'] as const) {
            const view = netrunner.view(snapshot, viewer);
            for (const p of problems(boardTexts(view, viewer), handles)) found.add(p);
            if (
              view.legalActions?.some((a) => a.type === 'choose' && a.kind.startsWith('30011:'))
            ) {
              searches += 1;
            }
          }
          states += 1;
        }
      }
    });
    expect([...found].slice(0, 10)).toEqual([]);
    expect(states).toBeGreaterThan(2000);
    // Mutual Favor's search of the stack was among them (its choices once showed handles).
    expect(searches).toBeGreaterThan(0);
  });

  it('catches a handle and an engine term', () => {
    const handles = new Set(['h0xrl44q']);
    expect(problems(['Choose H0xrl44q', 'Run on R&D · approach-ice'], handles)).toHaveLength(2);
    expect(problems(['hardware', 'Choose Mayfly (the stack)'], handles)).toEqual([]);
  });
});
