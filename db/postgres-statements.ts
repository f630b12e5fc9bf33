import type postgres from "postgres";
import { PLAN_EACH_TIME_MARK } from "./plan-each-time";

/**
 * The client with every parameterised statement prepared once per connection. Drizzle asks
 * postgres.js to prepare only `.prepare(name)` queries; any other query with parameters costs two
 * round trips (Parse and Describe, then Bind and Execute) and a parse and plan each time. Prepared,
 * a repeated query is one round trip, and Postgres may keep its plan (plan_cache_mode auto). The
 * app builds no SQL text from values (they are parameters), so a connection holds at most one
 * statement per query shape; postgres.js retires each connection after 30 to 60 minutes (its default
 * max_lifetime), and its statements with it.
 * Measured in docs/decisions/performance.md, History. Off with DB_PREPARE=false (a pooler that
 * cannot carry named statements from one transaction to the next: docs/operations.md "Poolers").
 */
export function preparingStatements(client: postgres.Sql): postgres.Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property !== "unsafe") return Reflect.get(target, property, receiver);
      return (query: string, args?: unknown[], options?: Record<string, unknown>) => {
        const prepare = args !== undefined && args.length > 0 && !query.includes(PLAN_EACH_TIME_MARK);
        return target.unsafe(query, args as never, prepare ? { ...options, prepare: true } : options);
      };
    },
  });
}

type Cancellable = PromiseLike<unknown> & { cancel(): unknown };
type Scoped = (sql: postgres.Sql) => unknown;

/**
 * The client with every statement it sends cancelled once it has run `ms` milliseconds: postgres.js
 * sends Postgres a cancel request (as psql's Ctrl-C does), and the statement fails with 57014
 * (query_canceled), as it would under `statement_timeout`. For a pooler in transaction mode, where
 * a session setting cannot travel with the client's connection (PgBouncer refuses a
 * `statement_timeout` start-up parameter, and a `SET` would stay on whichever server connection ran
 * it); PgBouncer forwards the cancel request to the server connection running the statement.
 * Statements inside transactions and savepoints are timed the same way. The clock starts when the
 * statement is handed to the pool, so time spent waiting for a connection counts.
 */
export function cancellingStatementsAfter(client: postgres.Sql, ms: number): postgres.Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (...args: Parameters<postgres.Sql["unsafe"]>) => withDeadline(target.unsafe(...args) as unknown as Cancellable, ms);
      }
      if (property === "begin" || property === "savepoint") {
        const method = Reflect.get(target, property, receiver) as (...args: unknown[]) => unknown;
        // begin(fn), begin(options, fn), savepoint(fn), savepoint(name, fn): the callback comes last.
        return (...args: unknown[]) => {
          const fn = args.at(-1) as Scoped;
          return method(...args.slice(0, -1), (sql: postgres.Sql) => fn(cancellingStatementsAfter(sql, ms)));
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

/** postgres.js queries are lazy: the clock starts at the first `then` (when the query is sent). */
function withDeadline<Q extends Cancellable>(query: Q, ms: number): Q {
  const then = query.then;
  let armed = false;
  Object.defineProperty(query, "then", {
    configurable: true,
    writable: true,
    value(this: Q, ...handlers: Parameters<PromiseLike<unknown>["then"]>) {
      if (!armed) {
        armed = true;
        const timer = setTimeout(() => {
          // A failed cancel request leaves the statement to run; it has its own error to report.
          Promise.resolve(query.cancel()).catch(() => {});
        }, ms);
        const clear = () => clearTimeout(timer);
        then.call(query, clear, clear);
      }
      return then.apply(this, handlers);
    },
  });
  return query;
}
