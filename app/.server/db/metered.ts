import { bindsLimit } from "./limits";

/**
 * The D1 binding as one request sees it, with every round trip timed, so tests and the benchmark can
 * hold pages to their budget (DESIGN.md §9). Nothing is merged behind a caller's back: a loader sends
 * its reads in one `batch()` itself (`runReads`), and loaders that run side by side make round trips
 * side by side. Exposed as X-D1-Calls, X-D1-Depth and X-D1-Bound-Limits outside production.
 */
export class Meter {
  #trips: { start: number; end: number; depth: number; replay: (() => Promise<unknown>) | null }[] = [];
  #statements: string[] = [];

  /** The SQL of a statement the request ran (kept by reference until `boundLimits` is asked). */
  ran(sql: string | null) {
    if (sql !== null) this.#statements.push(sql);
  }

  /**
   * The statements the request ran that bind a LIMIT or OFFSET: SQLite prepares such a statement again
   * on every run (docs/decisions/064), so none should. Exposed as X-D1-Bound-Limits outside production.
   */
  get boundLimits(): number {
    return this.#statements.filter(bindsLimit).length;
  }

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

  /** Milliseconds during which at least one round trip was on its way (one still on its way counts until now). */
  get waited(): number {
    const now = performance.now();
    let total = 0;
    let reach = -Infinity;
    for (const { start, end: ended } of [...this.#trips].sort((a, b) => a.start - b.start)) {
      const end = Math.min(ended, now);
      if (end <= reach) continue;
      total += end - Math.max(start, reach);
      reach = end;
    }
    return total;
  }

  /**
   * The request's D1 floor, for the benchmark: its round trips made again one after another, with
   * nothing else around them (ms). Null when one of them wrote, or its SQL could not be told.
   */
  async floor(): Promise<number | null> {
    const trips = [...this.#trips].sort((a, b) => a.start - b.start);
    if (trips.some((trip) => trip.replay === null)) return null;
    const started = performance.now();
    for (const trip of trips) await trip.replay!();
    return performance.now() - started;
  }

  /** `reads`: the trip only reads, so the floor may make it again. */
  async time<T>(trip: () => Promise<T>, reads = false): Promise<T> {
    const ended = this.#trips.filter((other) => other.end !== Infinity);
    const record = {
      start: performance.now(),
      end: Infinity,
      depth: 1 + Math.max(0, ...ended.map((other) => other.depth)),
      replay: reads ? trip : null,
    };
    this.#trips.push(record);
    try {
      return await trip();
    } finally {
      record.end = performance.now();
    }
  }
}

const TIMED = new Set<PropertyKey>(["all", "raw", "first", "run"]);

/** A prepared statement's SQL (workerd's keeps it as `statement`), or null. */
function sqlOf(statement: D1PreparedStatement): string | null {
  const sql = (statement as unknown as { statement?: unknown }).statement;
  return typeof sql === "string" ? sql : null;
}

/** A statement that only reads. */
function onlyReads(statement: D1PreparedStatement): boolean {
  const sql = sqlOf(statement);
  if (sql === null) return false;
  // One statement (no second one after a semicolon) that begins as a read and names no write.
  const one = sql.trim().replace(/;$/, "");
  return /^(select|with)\b/i.test(one) && !one.includes(";") && !/\b(insert|update|delete|replace)\b/i.test(one);
}

export function meterDatabase(database: D1Database, meter: Meter): D1Database {
  /** Statements handed out keep their own object, so `batch()` can take them back. */
  const unwrapped = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        if (property === "bind") return (...values: unknown[]) => wrap(value.apply(target, values));
        if (TIMED.has(property))
          return (...args: unknown[]) => {
            meter.ran(sqlOf(target));
            return meter.time(() => value.apply(target, args), onlyReads(target));
          };
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
        return (statements: D1PreparedStatement[]) => {
          const own = statements.map((statement) => unwrapped.get(statement) ?? statement);
          for (const statement of own) meter.ran(sqlOf(statement));
          return meter.time(() => value.call(target, own), own.every(onlyReads));
        };
      }
      if (property === "exec") return (...args: unknown[]) => meter.time(() => value.apply(target, args));
      return value.bind(target);
    },
  });
}
