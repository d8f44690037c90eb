/**
 * Counts the D1 round trips of one request (each statement run or batch is one), so tests and the
 * benchmark can hold pages to their budget (DESIGN.md §9). Exposed as X-D1-Calls outside production.
 */
export type Meter = { calls: number };

const RUNS = new Set(["all", "first", "run", "raw"]);

function meterStatement(statement: D1PreparedStatement, meter: Meter): D1PreparedStatement {
  return new Proxy(statement, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "bind") {
        return (...values: unknown[]) => meterStatement(value.apply(target, values), meter);
      }
      if (RUNS.has(String(property))) {
        return (...args: unknown[]) => {
          meter.calls += 1;
          return value.apply(target, args);
        };
      }
      return value.bind(target);
    },
  });
}

export function meterDatabase(database: D1Database, meter: Meter): D1Database {
  return new Proxy(database, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "prepare") {
        return (query: string) => meterStatement(value.call(target, query), meter);
      }
      if (property === "batch" || property === "exec") {
        return (...args: unknown[]) => {
          meter.calls += 1;
          return value.apply(target, args);
        };
      }
      return value.bind(target);
    },
  });
}
