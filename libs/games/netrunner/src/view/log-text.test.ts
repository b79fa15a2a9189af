import { describe, expect, it } from 'vitest';
import { netrunner } from '../module.js';
import { VIEWERS, type Viewer } from '../state/types.js';
import { drawCards } from '../rules/draw.js';
import { moveCard } from '../state/zones.js';
import {
  act,
  choose,
  corpActing,
  handle as kitHandle,
  edit,
  encountering as encounteringIce,
  fireSubroutines,
  run,
  runnerActing,
  setup,
  spawn,
} from '../testing/kit.js';
import { seededSteps, seeds } from '../testing/seeded-steps.js';
import {
  advance,
  breakSubs,
  encountering,
  iceOn,
  install,
  runOn,
  runnerTurn,
  toGrip,
  toRig,
  use,
} from '../cards/neutral-runner/test-kit.js';
import type { Snap } from '../testing/kit.js';

/** What each viewer reads of the lines written between two states. */
function newLines(before: Snap, after: Snap, viewer: Viewer): string[] {
  return after.context.log
    .slice(before.context.log.length)
    .flatMap((e) => netrunner.logView(e, viewer)?.text ?? []);
}

describe('log lines, as the table reads them', () => {
  it('an asset replaced in a remote is trashed with a line saying where, by type to the Runner', () => {
    let agenda = '';
    const s = corpActing({}, (g) => {
      spawn(g, '30037', { zone: 'root', server: 'remote1' }); // Nico Campaign, unrezzed
      agenda = spawn(g, '30067', { zone: 'hq' }); // Offworld Office
    });
    const install = { type: 'install', card: kitHandle(s, agenda, 'corp'), server: 'remote1' };
    const after = act(s, 'corp', install as never);
    expect(newLines(s, after, 'runner')).toEqual([
      'Corp trashes a card in the root of Server 1 while installing.',
      'Corp installs a card in the root of Server 1.',
    ]);
    expect(newLines(s, after, 'corp')).toEqual([
      'Corp trashes Nico Campaign in the root of Server 1 while installing.',
      'Corp installs Offworld Office in the root of Server 1.',
    ]);
  });

  it('a mulligan is one line: the new hand by title to its owner, counted to the others', () => {
    const s = setup();
    const after = choose(s, 'corp', 'mulligan');
    expect(newLines(s, after, 'runner')).toEqual(['Corp takes a mulligan and draws 5 cards.']);
    expect(newLines(s, after, 'spectator')).toEqual(['Corp takes a mulligan and draws 5 cards.']);
    expect(newLines(s, after, 'corp')).toEqual([
      'Corp takes a mulligan and draws Hedge Fund, Hedge Fund, Hedge Fund, Hedge Fund and Hedge Fund.',
    ]);
  });

  it('a click to draw is one line', () => {
    const s = corpActing();
    const after = act(s, 'corp', { type: 'click-draw' });
    expect(newLines(s, after, 'runner')).toEqual(['Corp spends [click] to draw 1 card.']);
    expect(newLines(s, after, 'corp')).toEqual(['Corp spends [click] to draw Hedge Fund.']);
  });

  it('a draw from an empty R&D says so before the Corp loses', () => {
    const s = corpActing({}, (g) => {
      for (const uid of [...g.corp.rd]) moveCard(g, uid, { zone: 'archives' });
    });
    const after = edit(s, (g) => void drawCards(g, 'corp', 1));
    expect(newLines(s, after, 'runner')).toEqual([
      'Corp cannot draw: R&D is empty.',
      'The Runner wins (corp decked).',
    ]);
  });

  it('credits carry their sign: gains +, costs − in parentheses', () => {
    let s = corpActing();
    let after = act(s, 'corp', { type: 'click-credit' });
    expect(newLines(s, after, 'runner')).toEqual(['Corp spends [click] to gain +1[credit].']);
    s = after;
    const fund = s.context.corp.hq[0] ?? '';
    after = act(s, 'corp', { type: 'play', card: kitHandle(s, fund, 'corp') });
    expect(newLines(s, after, 'runner')).toEqual([
      'Corp plays Hedge Fund (−5[credit]).',
      'Corp gains +9[credit] from Hedge Fund.',
    ]);
  });

  it('a break names the subroutine broken, the ice and the cost', () => {
    let mayfly = '';
    let s = runnerTurn({ runner: ['30032'], corp: ['30073'] }, (g) => {
      mayfly = toRig(g, '30032');
      iceOn(g, '30073', 'hq', true); // Tithe: "Do 1 net damage." "Gain 1[credit]."
    });
    s = advance(runOn(s, 'hq'), encountering);
    const after = breakSubs(s, mayfly, [0]);
    for (const viewer of VIEWERS) {
      expect(newLines(s, after, viewer)).toEqual([
        'Runner uses Mayfly to break “Do 1 net damage” on Tithe (−1[credit]).',
      ]);
    }
  });

  it('a click ability that takes credits is one line, with the click and the signed amount', () => {
    let telework = '';
    let s = runnerTurn({ runner: ['30027'] }, (g) => void (telework = toGrip(g, '30027')));
    s = install(s, telework);
    const after = use(s, telework, 'take');
    expect(newLines(s, after, 'corp')).toEqual([
      'Runner spends [click] to take +3[credit] from Telework Contract.',
    ]);
  });
});

/** Every line a viewer reads of a state's log, one a line, to look for a run of lines in. */
function allLines(s: Snap, viewer: Viewer): string {
  return s.context.log.flatMap((e) => netrunner.logView(e, viewer)?.text ?? []).join('\n');
}

describe('subroutine and run-end lines', () => {
  it('a subroutine that gains credits is followed by the signed amount', () => {
    const { s } = encounteringIce('30073'); // Tithe
    const after = fireSubroutines(s);
    for (const viewer of VIEWERS) {
      expect(allLines(after, viewer)).toContain(
        'Tithe fires: Gain 1[credit].\nCorp gains +1[credit] from Tithe.',
      );
    }
  });

  it('a subroutine that takes credits says how many the pool lost, never more than it held', () => {
    const { s } = encounteringIce('30074', 'hq', {}, (g) => (g.runner.credits = 2)); // Whitespace
    const after = fireSubroutines(s);
    expect(after.context.runner.credits).toBe(0);
    for (const viewer of VIEWERS) {
      expect(allLines(after, viewer)).toContain(
        [
          'Whitespace fires: The Runner loses 3[credit].',
          'Runner loses credits to Whitespace (−2[credit]).',
          'Whitespace fires: If the Runner has 6[credit] or less, end the run.',
          'The run is unsuccessful.',
        ].join('\n'),
      );
    }
    const { s: broke } = encounteringIce('30074', 'hq', {}, (g) => (g.runner.credits = 0));
    expect(allLines(fireSubroutines(broke), 'corp')).toContain(
      'Whitespace fires: The Runner loses 3[credit].\nRunner has no credits to lose.',
    );
  });

  it('a jack out is one line with the run it ends', () => {
    const s = run(runnerActing(), 'hq');
    const after = choose(s, 'runner', 'jack-out');
    expect(after.context.run).toBeNull();
    for (const viewer of VIEWERS) {
      expect(newLines(s, after, viewer)).toEqual(['Runner jacks out: the run is unsuccessful.']);
    }
  });
});

/** A phrase of two words or more said twice in a row, or the same `from X` twice in a line. */
const DOUBLED = [/\b(\w[\w&']*(?: [\w&']+)+) \1\b/, /\bfrom ([A-Z][\w&]*)\b.*\bfrom \1\b/];

describe('log phrasing over seeded random games', () => {
  const steps = [...seededSteps(seeds(40))];

  it('no line says a phrase twice', () => {
    const doubled = new Set<string>();
    let lines = 0;
    const last = steps.at(-1)?.after.context.log ?? [];
    for (const step of steps) {
      const written = step.after.context.log.slice(step.before.context.log.length);
      for (const entry of written) {
        for (const viewer of VIEWERS) {
          const text = netrunner.logView(entry, viewer)?.text;
          if (text === undefined) continue;
          lines += 1;
          if (DOUBLED.some((re) => re.test(text))) doubled.add(text);
        }
      }
    }
    expect(last.length).toBeGreaterThan(0);
    expect(lines).toBeGreaterThan(10_000);
    expect([...doubled]).toEqual([]);
  });

  it('no line repeats the text the line before it quotes', () => {
    const repeated: string[] = [];
    for (const step of steps) {
      const written = step.after.context.log.slice(step.before.context.log.length);
      const read = written.flatMap((e) => netrunner.logView(e, 'spectator')?.text ?? []);
      for (let i = 1; i < read.length; i++) {
        if (read[i - 1]?.endsWith(`: ${read[i]}`)) repeated.push(`${read[i - 1]} / ${read[i]}`);
      }
    }
    expect([...new Set(repeated)]).toEqual([]);
  });

  it("a run's end is one line: a jack out and its unsuccessful run are not two", () => {
    const ends = /jacks out|run is unsuccessful|The run ends/;
    const doubled: string[] = [];
    let jackOuts = 0;
    for (const step of steps) {
      const read = step.after.context.log
        .slice(step.before.context.log.length)
        .flatMap((e) => netrunner.logView(e, 'corp')?.text ?? [])
        .filter((t) => ends.test(t));
      jackOuts += read.filter((t) => t.includes('jacks out')).length;
      if (read.length > 1) doubled.push(read.join(' / '));
    }
    expect(jackOuts).toBeGreaterThan(100);
    expect([...new Set(doubled)]).toEqual([]);
  });

  it("the signed credit amounts of a step's lines add up to each pool's change", () => {
    const unsigned: string[] = [];
    let changed = 0;
    for (const step of steps) {
      // Credits hosted on cards pay costs too: only steps where none could be spent add up.
      if (step.before.context.run?.mods.hostedCredits) continue;
      const written = step.after.context.log.slice(step.before.context.log.length);
      for (const side of ['corp', 'runner'] as const) {
        const change = step.after.context[side].credits - step.before.context[side].credits;
        let said = 0;
        for (const entry of written.filter((e) => e.side === side)) {
          const text = netrunner.logView(entry, side)?.text ?? '';
          for (const [, sign, n] of text.matchAll(/([+−])(\d+)\[credit\]/g)) {
            said += (sign === '+' ? 1 : -1) * Number(n);
          }
        }
        if (change !== 0) changed += 1;
        if (said !== change) {
          const read = written.map((e) => netrunner.logView(e, side)?.text).join(' | ');
          unsigned.push(`${side} ${change} (lines say ${said}): ${read}`);
        }
      }
    }
    expect(changed).toBeGreaterThan(1000);
    expect(unsigned.slice(0, 10)).toEqual([]);
  });

  it('an ability use is one line naming its card (its being trashed after is another event)', () => {
    const twice: string[] = [];
    let uses = 0;
    for (const step of steps) {
      if (step.action.type !== 'use') continue;
      uses += 1;
      const code = step.action.code;
      const naming = step.after.context.log
        .slice(step.before.context.log.length)
        .filter((e) => e.cards.some((c) => c.code === code) && !/trash/.test(e.text));
      if (naming.length > 1) twice.push(naming.map((e) => e.text).join(' / '));
    }
    expect(uses).toBeGreaterThan(100);
    expect([...new Set(twice)]).toEqual([]);
  });
});
