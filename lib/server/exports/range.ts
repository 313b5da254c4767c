const DAY_MS = 86_400_000;
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * The instants [start, end) a query's `from` and `to` stand for: a day as `from` starts at its UTC
 * midnight, a day as `to` includes the whole day; `to` left out is now, `from` left out 30 days before it.
 */
export function dateRange({ from, to }: { from?: string; to?: string }, now: Date): { start: Date; end: Date } {
  const end = to ? new Date(isDay(to) ? Date.parse(`${to}T00:00:00Z`) + DAY_MS : Date.parse(to)) : now;
  const start = from ? new Date(isDay(from) ? `${from}T00:00:00Z` : from) : new Date(end.getTime() - 30 * DAY_MS);
  return { start, end };
}

/** "2026-11-01_2026-11-28": the range in a file's name. */
export const rangeName = ({ start, end }: { start: Date; end: Date }) =>
  `${start.toISOString().slice(0, 10)}_${new Date(end.getTime() - 1).toISOString().slice(0, 10)}`;
