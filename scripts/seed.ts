/**
 * Demo data for a new local install: a few members with avatars, bios and follows, so the app is
 * alive on first start. Run by `npm start` when the database is empty (or `npm run seed`).
 * Builds rows with the shared test factories, writes them as SQL and runs it through wrangler.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../app/.server/auth/password";
import { newId } from "../app/.server/ids";
import { buildUser, type UserRow } from "../tests/fixtures/factories";
import { executeFile } from "./lib/wrangler.mjs";

export const DEMO_PASSWORD = "murmur-demo";

type Demo = Pick<UserRow, "username" | "displayName" | "bio" | "location" | "website" | "verifiedType">;

const DEMO_MEMBERS: Demo[] = [
  { username: "maya", displayName: "Maya Chen", bio: "Product designer. Coffee, type and tiny interfaces. ☕️", location: "Lisbon", website: "https://example.com/maya", verifiedType: "user" },
  { username: "leo", displayName: "Leo Park", bio: "Backend engineer who likes boring technology and exciting bread.", location: "Seoul", website: null, verifiedType: null },
  { username: "sofia", displayName: "Sofia Rossi", bio: "Trail runner, photographer, occasional poet.", location: "Turin", website: null, verifiedType: null },
  { username: "omar", displayName: "Omar Haddad", bio: "Writing about cities, maps and public transport.", location: "Amman", website: "https://example.com/omar", verifiedType: "user" },
  { username: "priya", displayName: "Priya Nair", bio: "Climate data nerd. Plants > people (most days).", location: "Bengaluru", website: null, verifiedType: null },
  { username: "murmur", displayName: "Murmur", bio: "The official account of Murmur. News, tips and product updates.", location: null, website: "https://example.com", verifiedType: "business" },
];

/** Who follows whom (by username). */
const FOLLOWS: [string, string[]][] = [
  ["maya", ["leo", "sofia", "omar", "murmur"]],
  ["leo", ["maya", "priya", "murmur"]],
  ["sofia", ["maya", "omar"]],
  ["omar", ["maya", "sofia", "priya", "murmur"]],
  ["priya", ["leo", "omar", "murmur"]],
  ["murmur", ["maya"]],
];

function sqlValue(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  if (value instanceof Date) return String(value.getTime());
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

export function insertSql(table: string, row: Record<string, unknown>): string {
  const columns = Object.keys(row);
  return `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => sqlValue(row[c])).join(", ")});`;
}

async function main() {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const joined = Date.now() - 90 * 24 * 3600 * 1000;
  const members = DEMO_MEMBERS.map((demo, index) =>
    buildUser(passwordHash, {
      ...demo,
      email: `${demo.username}@murmur.dev`,
      avatarUrl: `/demo/${demo.username}.svg`,
      createdAt: new Date(joined + index * 3600 * 1000),
      updatedAt: new Date(joined + index * 3600 * 1000),
    }),
  );
  const byName = new Map(members.map((member) => [member.username, member]));
  const statements: string[] = [];

  for (const m of members) {
    statements.push(
      insertSql("users", {
        id: m.id,
        email: m.email,
        username: m.username,
        display_name: m.displayName,
        password_hash: m.passwordHash,
        bio: m.bio,
        avatar_url: m.avatarUrl,
        location: m.location,
        website: m.website,
        verified_type: m.verifiedType,
        is_business_entity: m.verifiedType === "business",
        created_at: m.createdAt,
        updated_at: m.updatedAt,
      }),
      insertSql("member_settings", { user_id: m.id }),
    );
  }
  for (const [follower, followed] of FOLLOWS) {
    for (const name of followed) {
      statements.push(
        insertSql("follows", { id: newId(), follower_id: byName.get(follower)!.id, following_id: byName.get(name)!.id }),
      );
    }
  }

  const file = join(mkdtempSync(join(tmpdir(), "murmur-seed-")), "seed.sql");
  writeFileSync(file, statements.join("\n"));
  executeFile(file, process.env.PERSIST_TO);
  console.log(`Seeded ${members.length} demo members (password "${DEMO_PASSWORD}").`);
}

await main();
