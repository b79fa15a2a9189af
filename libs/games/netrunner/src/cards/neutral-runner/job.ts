import { log, PUBLIC } from '../../state/log.js';
import { trashCard } from '../../rules/trash.js';
import type { Game } from '../../state/types.js';
import { hostedCredits } from '../helpers.js';

/** "When it is empty, trash it." (Job resources: Telework Contract, Red Team.) */
export function trashWhenEmpty(g: Game, uid: string): void {
  const c = g.cards[uid];
  if (!c || c.loc.zone !== 'rig' || hostedCredits(g, uid) > 0) return;
  log(g, 'runner', '{0} is empty and is trashed.', [{ uid, seenBy: PUBLIC }]);
  trashCard(g, uid, 'runner');
}
