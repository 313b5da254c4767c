import type { Sql, TransactionSql } from "postgres";

// drizzle's postgres-js driver sends every query through `client.unsafe(query, params, { prepare: false })`
// (drizzle-orm#6096). postgres.js sends such a query with parameters in two round trips: Parse and
// Describe, then, once the server has answered, Bind and Execute; nothing else is pipelined on the
// connection meanwhile, and the server parses and plans the statement again each time. Prepared (what
// postgres.js does with its own tagged queries), a statement is parsed once per connection and every later
// call is one round trip (docs/decisions/0511-queries-prepared-on-postgresql.md).
// A query without parameters keeps the simple protocol, postgres.js's default for it: one round trip
// already, and a migration's file may hold several statements, which a prepared statement cannot.
// DATABASE_PREPARE=false gives the client `prepare: false`, which wins over this (a pooler that cannot
// keep prepared statements: PgBouncer in transaction mode before 1.21).

type Client = Sql | TransactionSql;
type Unsafe = (query: string, params?: unknown[], options?: Record<string, unknown>) => unknown;
type Scoped = (...args: unknown[]) => unknown;

/** `client` with every query it, its transactions and their savepoints send prepared. */
export function preparedQueries<T extends Client>(client: T): T {
  // Made once per client, not on every query's access to `unsafe`.
  const overrides = new Map<PropertyKey, unknown>();
  const override = (property: PropertyKey, value: unknown): unknown => {
    if (property === "unsafe") {
      const unsafe = value as Unsafe;
      return (query: string, params?: unknown[], options?: Record<string, unknown>) =>
        unsafe.call(client, query, params, { ...options, prepare: true });
    }
    // drizzle's transactions and nested transactions run on the client these hand to their callback.
    const scoped = value as Scoped;
    return (...args: unknown[]) => {
      const callback = args.pop() as (inner: Client) => unknown;
      return scoped.call(client, ...args, (inner: Client) => callback(preparedQueries(inner)));
    };
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== "unsafe" && property !== "begin" && property !== "savepoint") return value;
      let made = overrides.get(property);
      if (made === undefined) overrides.set(property, (made = override(property, value)));
      return made;
    },
  });
}
