/**
 * The D1 binding as one request sees it, with every round trip timed, so tests and the benchmark can
 * hold pages to their budget (DESIGN.md §9). Nothing is merged behind a caller's back: a loader sends
 * its reads in one `batch()` itself (`runReads`), and loaders that run side by side make round trips
 * side by side. Exposed as X-D1-Calls and X-D1-Depth outside production.
 */
export class Meter {
  #trips: { start: number; end: number; depth: number }[] = [];

  /** Round trips so far. */
  get calls(): number {
    return this.#trips.length;
  }

  /**
   * Round trips one after another on the request's longest path: a trip is one deeper than the deepest
   * trip that had ended when it started. Loaders that run side by side count once.
   */
  get depth(): number {
    return Math.max(0, ...this.#trips.map((trip) => trip.depth));
  }

  /** Milliseconds during which at least one round trip was on its way. */
  get waited(): number {
    let total = 0;
    let reach = -Infinity;
    for (const { start, end } of [...this.#trips].sort((a, b) => a.start - b.start)) {
      if (end <= reach) continue;
      total += end - Math.max(start, reach);
      reach = end;
    }
    return total;
  }

  async time<T>(trip: () => Promise<T>): Promise<T> {
    const ended = this.#trips.filter((other) => other.end !== Infinity);
    const record = { start: performance.now(), end: Infinity, depth: 1 + Math.max(0, ...ended.map((other) => other.depth)) };
    this.#trips.push(record);
    try {
      return await trip();
    } finally {
      record.end = performance.now();
    }
  }
}

const TIMED = new Set<PropertyKey>(["all", "raw", "first", "run"]);

export function meterDatabase(database: D1Database, meter: Meter): D1Database {
  /** Statements handed out keep their own object, so `batch()` can take them back. */
  const unwrapped = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        if (property === "bind") return (...values: unknown[]) => wrap(value.apply(target, values));
        if (TIMED.has(property)) return (...args: unknown[]) => meter.time(() => value.apply(target, args));
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
          meter.time(() => value.call(target, statements.map((statement) => unwrapped.get(statement) ?? statement)));
      }
      if (property === "exec") return (...args: unknown[]) => meter.time(() => value.apply(target, args));
      return value.bind(target);
    },
  });
}
