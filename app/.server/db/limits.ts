/** A LIMIT or OFFSET given as a bound value (`?`). */
export const BOUND_LIMIT = /\b(limit|offset)\s+\?/i;

/**
 * A statement's text with every LIMIT and OFFSET given as a whole number written in, not bound
 * (docs/decisions/064). SQLite's planner reads a bound LIMIT's value, and a statement whose plan read a
 * bound value is prepared again each time that value is bound: D1 binds on every run, so such a
 * statement was prepared anew on every run, however long workerd's statement cache kept it. Prepared
 * reads do it once, when they are built (a value that varies per request, a placeholder, stays bound);
 * the D1 binding every request uses (`meterDatabase`) does it for any other statement as it is bound.
 * Quoted text is passed over; should the `?`s and the values not pair up, the text is left as it was.
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
    const value = params[index++];
    if (typeof value === "number" && Number.isSafeInteger(value) && /\b(limit|offset)\s*$/i.test(text.slice(Math.max(0, i - 16), i))) {
      out += `${text.slice(from, i)}${value}`;
      from = i + 1;
    } else kept.push(value);
  }
  if (index !== params.length) return { sql: text, params };
  return { sql: out + text.slice(from), params: kept };
}
