import { eq } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { inlineLimits } from "~/.server/db/limits";
import { param } from "~/.server/db/reads";
import { posts } from "~/.server/db/schema";

// A LIMIT or OFFSET bound as a value makes SQLite prepare the statement again every time it is bound
// (decision 064): the ones fixed when a read is built are written into its text.
describe("inlineLimits", () => {
  it("writes fixed LIMIT and OFFSET values into the text and keeps every other value bound, in order", () => {
    const out = inlineLimits("SELECT id FROM posts WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?", ["u1", 21, 40]);
    expect(out).toEqual({ sql: "SELECT id FROM posts WHERE user_id = ? ORDER BY id DESC LIMIT 21 OFFSET 40", params: ["u1"] });
  });

  it("reads drizzle's lower-case limit, a negative limit, and a limit inside a longer statement", () => {
    const out = inlineLimits("select a from t where b > ? limit ? union select a from u limit  -1", [5, 3]);
    expect(out).toEqual({ sql: "select a from t where b > ? limit 3 union select a from u limit  -1", params: [5] });
    expect(inlineLimits("SELECT 1 LIMIT ?", [-1])).toEqual({ sql: "SELECT 1 LIMIT -1", params: [] });
  });

  it("leaves a limit that varies per request (a placeholder), a text or fractional value, and a value not after LIMIT bound", () => {
    const size = param("size");
    expect(inlineLimits("SELECT 1 LIMIT ?", [size]).params).toEqual([size]);
    expect(inlineLimits("SELECT 1 LIMIT ?", ["21"])).toEqual({ sql: "SELECT 1 LIMIT ?", params: ["21"] });
    expect(inlineLimits("SELECT 1 LIMIT ?", [2.5])).toEqual({ sql: "SELECT 1 LIMIT ?", params: [2.5] });
    expect(inlineLimits("SELECT ? AS unlimited LIMIT 5", [7])).toEqual({ sql: "SELECT ? AS unlimited LIMIT 5", params: [7] });
    expect(inlineLimits("SELECT 1 LIMIT CASE WHEN ? THEN ? ELSE 0 END", [1, 21]).params).toEqual([1, 21]);
  });

  it("reads a limit on the next line, deeply indented", () => {
    expect(inlineLimits("SELECT id FROM t\n            LIMIT\n                      ?", [21])).toEqual({ sql: "SELECT id FROM t\n            LIMIT\n                      21", params: [] });
  });

  it("leaves numbered parameters (?1) as they are: they pair with values by number", () => {
    expect(inlineLimits("SELECT a FROM t WHERE a = ?1 LIMIT ?2", ["x", 10])).toEqual({ sql: "SELECT a FROM t WHERE a = ?1 LIMIT ?2", params: ["x", 10] });
  });

  it("writes in whole numbers only: booleans and big integers stay bound", () => {
    expect(inlineLimits("SELECT 1 LIMIT ?", [true]).params).toEqual([true]);
    expect(inlineLimits("SELECT 1 LIMIT ?", [10n]).params).toEqual([10n]);
  });

  it("passes over quoted text, and leaves the read as it was when the ?s and the values do not pair up", () => {
    expect(inlineLimits("SELECT 'it''s ?' AS a LIMIT ?", [3])).toEqual({ sql: "SELECT 'it''s ?' AS a LIMIT 3", params: [] });
    const quoted = "SELECT 'LIMIT ?' AS a, \"odd?\" AS b FROM t LIMIT ?";
    expect(inlineLimits(quoted, [9])).toEqual({ sql: "SELECT 'LIMIT ?' AS a, \"odd?\" AS b FROM t LIMIT 9", params: [] });
    expect(inlineLimits("SELECT 1 LIMIT ? OFFSET ?", [3])).toEqual({ sql: "SELECT 1 LIMIT ? OFFSET ?", params: [3] });
    expect(inlineLimits("SELECT 'unclosed LIMIT ?", [3])).toEqual({ sql: "SELECT 'unclosed LIMIT ?", params: [3] });
  });

  it("writes in the limit and offset of a drizzle select", () => {
    const written = new QueryBuilder().select({ id: posts.id }).from(posts).where(eq(posts.userId, "u1")).limit(21).offset(40).toSQL();
    expect(written.sql).toMatch(/limit \? offset \?$/);
    expect(inlineLimits(written.sql, written.params)).toEqual({ sql: written.sql.replace(/limit \? offset \?$/, "limit 21 offset 40"), params: ["u1"] });
  });
});
