import type { DuneState } from '../state/types.js';
import { ANY_TIME, type AnyTimePoint } from './any-time.js';
import { mentatVerdict } from './mentat.js';

const goOn = (s: DuneState): DuneState => s;

/**
 * What each point still has to do once its window closes. Most points are between two steps,
 * and the next step is the phase's own (its deciders, or the chart moving on); the Mentat Pause
 * still has its victory check and the turn's end.
 */
const RESUME: Readonly<Record<AnyTimePoint, (s: DuneState) => DuneState>> = {
  start: goOn,
  after_blow: goOn,
  after_charity: goOn,
  after_battle: goOn,
  after_collection: goOn,
  mentat: mentatVerdict,
};

/**
 * The any-time window closed (every seat passed, or a card played in it has taken effect): it
 * leaves the stack and the point it interrupted resumes, once, from the window's public cause.
 */
export function closeAnyTime(state: DuneState): DuneState {
  const w = state.pauses.windows.findLast((x) => x.kind === ANY_TIME);
  if (!w || w.status === 'open') throw new Error('no closed any-time window');
  const windows = state.pauses.windows.filter((x) => x.id !== w.id);
  return RESUME[w.cause['point'] as AnyTimePoint]({
    ...state,
    pauses: { ...state.pauses, windows },
  });
}
