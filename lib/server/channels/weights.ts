// Weights share traffic among the channels of one priority (docs/product/channels.md "Prices and
// weight"): each call orders a priority's channels by a weighted draw without replacement, so a
// channel of weight 3 is tried first three times as often as one of weight 1, and the others stay
// behind it in case it fails. Priorities keep their order.

type Weighted = { priority: number; weight: number };

/** `targets` (sorted by priority) with each priority's channels in a weighted random order. */
export function weightedOrder<T extends Weighted>(targets: readonly T[], random: () => number = Math.random): T[] {
  const ordered: T[] = [];
  for (let start = 0; start < targets.length;) {
    let end = start;
    while (end < targets.length && targets[end].priority === targets[start].priority) end++;
    const group = targets.slice(start, end);
    while (group.length > 1) {
      const total = group.reduce((sum, t) => sum + Math.max(1, t.weight), 0);
      let pick = random() * total;
      let i = 0;
      while (i < group.length - 1 && (pick -= Math.max(1, group[i].weight)) >= 0) i++;
      ordered.push(group.splice(i, 1)[0]);
    }
    ordered.push(...group);
    start = end;
  }
  return ordered;
}
