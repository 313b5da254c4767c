import type { Db } from "./index";

/**
 * `make` run once per database handle and kept with it (prepared statements, a bot bound to the
 * handle): tests and the embedded demo open more than one handle in a process, and a handle that is
 * gone takes its copy with it.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    if (!made.has(db)) made.set(db, make(db));
    return made.get(db)!;
  };
}
