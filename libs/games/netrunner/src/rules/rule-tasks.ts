import type { RuleTask } from '../state/tasks-types.js';
import type { Game } from '../state/types.js';
import { accessDecision, finishAccess } from './access.js';
import { checkpoint } from './checkpoint.js';
import { gainCredits } from './credits.js';
import { dealDamage } from './damage.js';
import { drawCards } from './draw.js';
import { finishCorpInstall } from './install.js';
import { finishPlay } from './play.js';
import { stealAgenda } from './score.js';
import { giveTags } from './tags.js';

/** Resolves one queued core-rules step. */
export function runRuleTask(g: Game, task: RuleTask): void {
  switch (task.r) {
    case 'finish-play':
      return finishPlay(g, task.card);
    case 'draw':
      drawCards(g, task.side, task.n);
      return;
    case 'damage':
      dealDamage(g, task.kind, task.n);
      return;
    case 'tag':
      return giveTags(g, task.n);
    case 'gain':
      return gainCredits(g, task.side, task.n);
    case 'finish-install':
      return finishCorpInstall(g, task.card, task.server, task.free, task.at);
    case 'steal':
      return stealAgenda(g, task.card);
    case 'access-decision':
      return accessDecision(g, task.card);
    case 'access-done':
      return finishAccess(g, task.card);
    case 'checkpoint':
      return checkpoint(g);
  }
}
