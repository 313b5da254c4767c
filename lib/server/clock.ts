import "server-only";

// One source of "now" for server code, so tests can move time instead of sleeping.
let source: () => number = Date.now;

export function nowMs(): number {
  return source();
}

export function now(): Date {
  return new Date(source());
}

/** Tests only: make `now()` read another clock; call with no argument to restore the real one. */
export function setClockForTests(next?: () => number): void {
  source = next ?? Date.now;
}
