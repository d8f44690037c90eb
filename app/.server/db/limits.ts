/** A LIMIT or OFFSET given as a bound value (`?`), by the text alone (quotes are not told apart). */
const BOUND_LIMIT = /\b(limit|offset)\s+\?/i;

/**
 * A statement's text with every LIMIT and OFFSET given as a whole number written in, not bound
 * (docs/decisions/064). SQLite's planner reads a bound LIMIT's value, and a statement whose plan read a
 * bound value is prepared again each time that value is bound: D1 binds on every run, so such a
 * statement was prepared anew on every run, however long workerd's statement cache kept it. Prepared
 * reads do it once, when they are built; every database handle (`getDb`, through `writingLimits`) does
 * it as any statement is bound, so a limit a placeholder fills is written in then (none varies per
 * request: each value would be a statement of its own). Only whole numbers are ever written in.
 * Quoted text is passed over; with numbered parameters (`?1`), or should the `?`s and the values not
 * pair up, the text is left as it was.
 */
export function inlineLimits(text: string, params: unknown[]): { sql: string; params: unknown[] } {
  let out = "";
  let from = 0;
  let index = 0;
  const kept: unknown[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === "`") {
      const end = text.indexOf(c, i + 1);
      if (end === -1) return { sql: text, params };
      i = end;
      continue;
    }
    if (c !== "?") continue;
    // Numbered parameters (?1) pair with values by number, not order: left as they are.
    if (/[0-9]/.test(text[i + 1] ?? "")) return { sql: text, params };
    const value = params[index++];
    let before = i - 1;
    while (before >= 0 && /\s/.test(text[before]!)) before--;
    if (typeof value === "number" && Number.isSafeInteger(value) && /\b(limit|offset)$/i.test(text.slice(Math.max(0, before - 6), before + 1))) {
      out += `${text.slice(from, i)}${value}`;
      from = i + 1;
    } else kept.push(value);
  }
  if (index !== params.length) return { sql: text, params };
  return { sql: out + text.slice(from), params: kept };
}

/** Whether a statement's text binds a LIMIT or OFFSET; statements repeat, so the answer is kept by text. */
const bindsLimits = new Map<string, boolean>();
export function bindsLimit(sql: string): boolean {
  let binds = bindsLimits.get(sql);
  if (binds === undefined) {
    binds = BOUND_LIMIT.test(sql);
    if (bindsLimits.size >= 1000) bindsLimits.clear();
    bindsLimits.set(sql, binds);
  }
  return binds;
}

/**
 * The D1 binding with a LIMIT or OFFSET bound as a whole number written into the statement's text as it
 * is bound (`inlineLimits`, decision 064). A statement whose text binds none is D1's own, untouched;
 * one that does is always bound before it runs or joins a batch (drizzle and `selectRead` bind every
 * statement), and binding gives back D1's own statement.
 */
export function writingLimits(database: D1Database): D1Database {
  return new Proxy(database, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "prepare") {
        return (query: string) => {
          const statement: D1PreparedStatement = value.call(target, query);
          if (!bindsLimit(query)) return statement;
          return new Proxy(statement, {
            get(inner, name, innerReceiver) {
              const member = Reflect.get(inner, name, innerReceiver);
              if (typeof member !== "function") return member;
              if (name !== "bind") return member.bind(inner);
              return (...values: unknown[]) => {
                const rewritten = inlineLimits(query, values);
                return rewritten.params.length < values.length
                  ? target.prepare(rewritten.sql).bind(...rewritten.params)
                  : member.apply(inner, values);
              };
            },
          });
        };
      }
      return value.bind(target);
    },
  });
}
