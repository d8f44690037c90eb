import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { decoderOf } from "~/.server/db/drizzle-internals";

describe("the drizzle internal prepared reads rely on (docs/decisions/013)", () => {
  it("an sql expression carries its decoder: mapWith's, else one that keeps the value", () => {
    expect(decoderOf(sql<number>`count(*)`.mapWith(Number)).mapFromDriverValue("42")).toBe(42);
    expect(decoderOf(sql`1`).mapFromDriverValue("as is")).toBe("as is");
    expect(decoderOf(sql<string>`x`.as("x").sql).mapFromDriverValue(7)).toBe(7);
  });
});
