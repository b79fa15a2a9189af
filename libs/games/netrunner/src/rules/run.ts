import { writableMemory } from '../state/draft.js';
import { behaviourOf } from '../cards/registry.js';
import { log, PUBLIC } from '../state/log.js';
import { card, pruneEmptyRemotes, serverOf } from '../state/zones.js';
import type { Game, Run, RunMods, ServerId } from '../state/types.js';
import { drawCards } from './draw.js';
import { serverLabel } from './install.js';
import { fire, pushDecision } from './tasks.js';
import { trashCard } from './trash.js';
import { dropAllWindows } from './windows.js';

export function emptyRunMods(): RunMods {
  return {
    iceRezIncrease: 0,
    extraAccess: 0,
    drawOnSuccess: 0,
    hostedCredits: 0,
    redTeam: null,
    conduit: null,
    noStealOrTrash: false,
    trashAtEnd: [],
    persistent: [],
  };
}

/**
 * Announces a run (initiation phase step a). Whatever queued work remains of the effect that
 * made the run waits in `run.after` until the run is complete (tasks.ts).
 */
export function startRun(
  g: Game,
  server: ServerId,
  options: { source?: string | null; mods?: Partial<RunMods> } = {},
): void {
  const run: Run = {
    id: g.nextRunId,
    server,
    announced: server,
    // Announced; the chart begins the run (initiation) once the effect announcing it is settled.
    step: null,
    position: null,
    vacated: false,
    encounter: null,
    breach: null,
    ending: false,
    jackedOut: false,
    successful: false,
    reachedSuccess: false,
    stole: false,
    source: options.source ?? null,
    mods: { ...emptyRunMods(), ...options.mods },
    after: [],
  };
  g.nextRunId += 1;
  g.run = run;
  writableMemory(g).runsOn.push(server);
  log(g, 'runner', `Runner runs on ${serverLabel(server)}.`);
}

export function currentRun(g: Game): Run {
  if (!g.run) throw new Error('no run in progress');
  return g.run;
}

/** Initiation phase: the run begins; the Runner takes the outermost position, if any. */
export function initiateRun(g: Game): void {
  const run = currentRun(g);
  const ice = serverOf(g, run.server).ice;
  run.position = ice.length > 0 ? ice.length - 1 : null;
  fire(g, { e: 'run-begins', server: run.server });
}

/** The piece of ice at the Runner's position, if there is one. */
export function iceAtPosition(g: Game): string | null {
  const run = g.run;
  if (!run || run.position === null || run.vacated) return null;
  return g.servers[run.server]?.ice[run.position] ?? null;
}

export function approachIce(g: Game): void {
  const run = currentRun(g);
  run.vacated = false;
  const ice = iceAtPosition(g);
  if (!ice) return;
  log(g, 'runner', `Runner approaches {0} protecting ${serverLabel(run.server)}.`, [
    { uid: ice, hidden: 'a piece of ice' },
  ]);
  fire(g, { e: 'approach-ice', ice });
}

export function subroutinesOf(g: Game, ice: string) {
  return behaviourOf(card(g, ice).code)?.subroutines ?? [];
}

export function beginEncounter(g: Game): void {
  const run = currentRun(g);
  const ice = iceAtPosition(g);
  if (!ice) return;
  run.encounter = {
    ice,
    broken: subroutinesOf(g, ice).map(() => false),
    next: 0,
    iceStrength: 0,
    pumps: {},
  };
  log(g, 'runner', 'Runner encounters {0}.', [{ uid: ice }]);
  fire(g, { e: 'encounter', ice });
}

/** The next unbroken subroutine that has not resolved yet in this encounter, if any. */
export function nextSubroutine(g: Game): number | null {
  const enc = g.run?.encounter;
  if (!enc || g.run?.vacated) return null;
  for (let i = enc.next; i < enc.broken.length; i++) if (!enc.broken[i]) return i;
  return null;
}

export function resolveNextSubroutine(g: Game): void {
  const enc = currentRun(g).encounter;
  const index = nextSubroutine(g);
  if (!enc || index === null) return;
  enc.next = index + 1;
  const sub = subroutinesOf(g, enc.ice)[index];
  if (!sub) return;
  log(g, 'corp', `{0} fires: ${sub.label}`, [{ uid: enc.ice }]);
  sub.resolve(g, enc.ice);
}

/** Movement phase step a: the Runner passes the ice at its position, if any. */
export function passIce(g: Game): void {
  const run = currentRun(g);
  const ice = iceAtPosition(g);
  run.encounter = null;
  if (ice) fire(g, { e: 'pass-ice', ice });
}

export function offerJackOut(g: Game): void {
  pushDecision(g, { kind: 'jack-out', seat: 'runner' });
}

/** Movement phase step d: one position inward; past the innermost ice there is no position. */
export function moveInward(g: Game): void {
  const run = currentRun(g);
  if (run.position === null) return;
  run.position = run.position > 0 ? run.position - 1 : null;
  run.vacated = false;
}

export function approachServer(g: Game): void {
  const run = currentRun(g);
  run.position = null;
  fire(g, { e: 'approach-server', server: run.server });
}

/** Success phase step a, with "if successful" effects of the card that made the run. */
export function declareSuccess(g: Game): void {
  const run = currentRun(g);
  run.reachedSuccess = true;
  run.successful = true;
  writableMemory(g).successfulRunsOn.push(run.server);
  log(g, 'runner', `The run on ${serverLabel(run.server)} is successful.`);
  if (run.mods.drawOnSuccess > 0) drawCards(g, 'runner', run.mods.drawOnSuccess);
  fire(g, { e: 'successful-run', server: run.server });
}

/** "End the run" (or jack out): the run goes to its end phase once the effect finished. */
export function endTheRun(g: Game, jackedOut = false): void {
  const run = g.run;
  if (!run || run.ending || run.step === 'ends') return;
  run.ending = true;
  run.jackedOut = jackedOut;
  run.encounter = null;
  dropAllWindows(g);
  // Ended before success, the run ends phase writes the one line (`endRun`).
  if (!run.reachedSuccess) return;
  if (jackedOut) log(g, 'runner', 'Runner jacks out.');
  else log(g, null, 'The run ends.');
}

/**
 * A remote with no cards in or protecting it ceases to exist. When the server under attack
 * does (Spin Doctor removing itself from an otherwise empty remote) before the run is declared
 * successful, the run ends, unsuccessful. Its record stays until the run is complete (the run's
 * last steps still name it); `completeRun` then prunes it.
 */
export function endRunIfServerGone(g: Game): void {
  const run = g.run;
  if (!run || run.ending || run.reachedSuccess || run.step === 'ends') return;
  const s = g.servers[run.server];
  if (run.server.startsWith('remote') && s && s.ice.length === 0 && s.root.length === 0) {
    log(g, null, `${serverLabel(run.server)} ceases to exist.`);
    endTheRun(g);
  }
}

/** Run ends phase: close windows, declare it unsuccessful if it is, "run ends" abilities. */
export function endRun(g: Game): void {
  const run = currentRun(g);
  run.ending = true;
  run.encounter = null;
  dropAllWindows(g);
  if (!run.reachedSuccess) {
    // A jack out and the run's failure are one event: one line.
    if (run.jackedOut) log(g, 'runner', 'Runner jacks out: the run is unsuccessful.');
    else log(g, null, 'The run is unsuccessful.');
  }
  fire(g, { e: 'run-ends', server: run.server, successful: run.successful });
  for (const uid of run.mods.trashAtEnd) {
    if (g.cards[uid]?.loc.zone === 'rig') {
      log(g, 'runner', '{0} is trashed as the run ends.', [{ uid, seenBy: PUBLIC }]);
      trashCard(g, uid, 'runner');
    }
  }
}

/** The run is complete: the effect that made it resumes (a run event then leaves play). */
export function completeRun(g: Game): void {
  const run = currentRun(g);
  g.tasks = [...run.after, ...g.tasks];
  g.run = null;
  pruneEmptyRemotes(g);
}
