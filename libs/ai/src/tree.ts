/**
 * One node of an information-set tree: the edge into it (an action key) carries the statistics.
 * `reward` sums the acting seat's reward over `visits`; `available` counts the selections at the
 * parent in which this action was legal (availability counts: an action legal in only some
 * determinizations is compared against the iterations in which it could have been chosen).
 */
export class TreeNode {
  readonly children = new Map<string, TreeNode>();
  visits = 0;
  available = 0;
  reward = 0;

  child(key: string): TreeNode {
    let node = this.children.get(key);
    if (!node) {
      node = new TreeNode();
      this.children.set(key, node);
    }
    return node;
  }

  /** UCB1 with the parent's count taken as this edge's availability. */
  ucb(exploration: number): number {
    if (this.visits === 0) return Infinity;
    const mean = this.reward / this.visits;
    return mean + exploration * Math.sqrt(Math.log(Math.max(1, this.available)) / this.visits);
  }
}
