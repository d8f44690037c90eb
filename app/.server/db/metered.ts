/**
 * The D1 binding as one request sees it:
 * - statements and batches issued in the same turn of the event loop (the layout's and the page's
 *   loaders, which run side by side) travel together as one `batch()`: one round trip, not one each;
 * - every round trip is counted, so tests and the benchmark can hold pages to their budget
 *   (DESIGN.md §9). Exposed as X-D1-Calls outside production.
 */
export type Meter = { calls: number; /** Milliseconds spent waiting on D1. */ waited: number };

type Method = "all" | "raw" | "first" | "run";
type Result = D1Result<Record<string, unknown>>;

/** One caller's share of a round trip: its statements, and what to do with their results. */
type Queued = {
  statements: D1PreparedStatement[];
  settle: (results: Result[]) => void;
  fail: (error: unknown) => void;
  /** For a lone statement: run it with its own method instead. */
  single?: () => Promise<unknown>;
  resolveSingle?: (value: unknown) => void;
};

/** What a statement's own method would have answered, from its batch result. */
function answer(method: Method, args: unknown[], result: Result): unknown {
  switch (method) {
    case "all":
    case "run":
      return result;
    case "raw": {
      // Column order is the key order of each row (D1 names every column; see decision 008).
      const rows = result.results.map((row) => Object.values(row));
      const withNames = (args[0] as { columnNames?: boolean } | undefined)?.columnNames;
      return withNames ? [Object.keys(result.results[0] ?? {}), ...rows] : rows;
    }
    case "first": {
      const row = result.results[0] ?? null;
      const column = args[0];
      return row && typeof column === "string" ? (row[column] ?? null) : row;
    }
  }
}

export function meterDatabase(database: D1Database, meter: Meter): D1Database {
  let queue: Queued[] = [];

  const flush = async () => {
    const callers = queue;
    queue = [];
    meter.calls += 1;
    const started = performance.now();
    const done = () => {
      meter.waited += performance.now() - started;
    };
    const [alone] = callers;
    if (callers.length === 1 && alone?.single) {
      // A statement on its own runs as itself: its method's exact answer (raw rows stay positional).
      alone
        .single()
        .finally(done)
        .then(alone.resolveSingle, alone.fail);
      return;
    }
    // Merged: batch() answers each row as an object keyed by column name, so columns that share a name
    // would collapse; every select names its columns distinctly (docs/decisions/008).
    try {
      const results = await database.batch<Record<string, unknown>>(callers.flatMap((caller) => caller.statements));
      done();
      let offset = 0;
      for (const caller of callers) {
        caller.settle(results.slice(offset, offset + caller.statements.length));
        offset += caller.statements.length;
      }
    } catch (error) {
      done();
      for (const caller of callers) caller.fail(error);
    }
  };

  const enqueue = <T>(statements: D1PreparedStatement[], read: (results: Result[]) => T, single?: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      if (queue.length === 0) setTimeout(flush, 0);
      queue.push({
        statements,
        settle: (results) => resolve(read(results)),
        fail: reject,
        single,
        resolveSingle: resolve as (value: unknown) => void,
      });
    });

  /** Statements handed back to callers keep their own object, so `batch()` can take them back. */
  const unwrapped = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        if (property === "bind") return (...values: unknown[]) => wrap(value.apply(target, values));
        if (property === "all" || property === "raw" || property === "first" || property === "run") {
          return (...args: unknown[]) =>
            enqueue(
              [target],
              ([result]) => answer(property, args, result!),
              () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args),
            );
        }
        return value.bind(target);
      },
    });
    unwrapped.set(wrapped, statement);
    return wrapped;
  };

  return new Proxy(database, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "prepare") return (query: string) => wrap(value.call(target, query));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) =>
          enqueue(
            statements.map((statement) => unwrapped.get(statement) ?? statement),
            (results) => results,
          );
      }
      if (property === "exec") {
        return (...args: unknown[]) => {
          meter.calls += 1;
          const started = performance.now();
          return value.apply(target, args).finally(() => {
            meter.waited += performance.now() - started;
          });
        };
      }
      return value.bind(target);
    },
  });
}
