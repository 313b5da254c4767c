/**
 * Resolves in a later task of the page, so work split around it runs as several short tasks instead of
 * one long one that keeps the page from answering a tap (and counts in Lighthouse's blocking time).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
