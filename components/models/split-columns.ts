/** Splits a list into two halves for the two-column pickers: the left column gets the extra item. */
export function splitColumns<T>(items: readonly T[]): [T[], T[]] {
  const half = Math.ceil(items.length / 2);
  return [items.slice(0, half), items.slice(half)];
}
