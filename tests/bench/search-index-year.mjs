// A year of the cron's minute step (docs/decisions/113, 119) on a copy of the benchmark set's posts_fts,
// natively: how many levels and segments the index keeps, what members' writes and the steps cost.
//
// Not part of `npm test` or `npm run bench`. It needs better-sqlite3 (SQLite with FTS5), which Murmur
// does not depend on; install it in a scratch folder and point the script at it:
//   mkdir -p /tmp/sqlite && (cd /tmp/sqlite && npm init -y && npm install better-sqlite3)
//   SQLITE_MODULES=/tmp/sqlite/node_modules node tests/bench/search-index-year.mjs \
//     --per-minute=2 --minutes=525600 --step-pages=500 --window=43800
// --step-pages=0 runs FTS5 alone (no step). The set's file is read only; the copy goes to --out
// (a temporary folder by default) and is deleted after.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split("=")));
const perMinute = Number(args["per-minute"] ?? 2);
const minutes = Number(args.minutes ?? 525_600);
const stepPages = Number(args["step-pages"] ?? 500);
const window = Number(args.window ?? 43_800);
const setDir = "tests/bench/data/v3/d1/miniflare-D1DatabaseObject";
const setFile = args.set ?? join(setDir, readdirSync(setDir).find((name) => /^[0-9a-f]{64}\.sqlite$/.test(name)));
const scratch = mkdtempSync(join(args.out ?? tmpdir(), "search-index-year-"));
const file = join(scratch, "posts-fts.sqlite");

if (!process.env.SQLITE_MODULES) throw new Error("Set SQLITE_MODULES to a node_modules folder holding better-sqlite3 (see the top of this file).");
const Database = createRequire(join(process.env.SQLITE_MODULES, "x.js"))("better-sqlite3");

/** The copy: posts' three indexed columns and posts_fts's own tables as they are, with its triggers. */
function copySet() {
  const db = new Database(file);
  db.unsafeMode(true); // FTS5's own tables are written directly only so
  db.pragma("journal_mode=WAL");
  db.exec(`ATTACH '${setFile.replaceAll("'", "''")}' AS src`);
  db.exec(`CREATE TABLE posts(rowid INTEGER PRIMARY KEY, listed_words TEXT, other_words TEXT, listed_author TEXT);
    INSERT INTO posts SELECT rowid, listed_words, other_words, listed_author FROM src.posts ORDER BY rowid;
    CREATE VIRTUAL TABLE posts_fts USING fts5(listed_words, other_words, listed_author, content='posts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2 categories ''L* N*''');
    DELETE FROM posts_fts_data; INSERT INTO posts_fts_data SELECT * FROM src.posts_fts_data;
    DELETE FROM posts_fts_idx; INSERT INTO posts_fts_idx SELECT * FROM src.posts_fts_idx;
    DELETE FROM posts_fts_docsize; INSERT INTO posts_fts_docsize SELECT * FROM src.posts_fts_docsize;
    DELETE FROM posts_fts_config; INSERT INTO posts_fts_config SELECT * FROM src.posts_fts_config;
    CREATE TRIGGER posts_fts_insert AFTER INSERT ON posts BEGIN
      INSERT INTO posts_fts(rowid, listed_words, other_words, listed_author) VALUES (NEW.rowid, NEW.listed_words, NEW.other_words, NEW.listed_author);
    END;
    CREATE TRIGGER posts_fts_delete AFTER DELETE ON posts BEGIN
      INSERT INTO posts_fts(posts_fts, rowid, listed_words, other_words, listed_author) VALUES ('delete', OLD.rowid, OLD.listed_words, OLD.other_words, OLD.listed_author);
    END;`);
  db.exec("DETACH src");
  db.exec("INSERT INTO posts_fts(posts_fts, rank) VALUES ('integrity-check', 1)");
  db.close();
}

/** The levels of posts_fts from its structure record (as tests/workers/search-indexes.test.ts reads it), with each segment's pages. */
function levelsOf(db) {
  const record = db.prepare("SELECT block FROM posts_fts_data WHERE id = 10").get().block;
  let at = 4;
  const v2 = [0xff, 0, 0, 1].every((byte, i) => record[at + i] === byte);
  if (v2) at += 4;
  const varint = () => {
    let value = 0;
    for (let i = 0; i < 9; i++) {
      const byte = record[at++];
      if (i === 8) return value * 256 + byte;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    return value;
  };
  const count = varint();
  varint();
  varint();
  return Array.from({ length: count }, () => {
    const merging = varint();
    const pages = Array.from({ length: varint() }, () => {
      const fields = Array.from({ length: v2 ? 8 : 3 }, varint);
      return fields[2] - fields[1] + 1;
    });
    return { merging, pages };
  });
}

const sorted = (values) => [...values].sort((a, b) => a - b);
const at = (values, q) => (values.length ? values[Math.min(values.length - 1, Math.floor(values.length * q))] : 0);
const round = (value, places = 2) => Number(value.toFixed(places));

copySet();
const db = new Database(file);
db.pragma("journal_mode=WAL");
db.pragma("synchronous=NORMAL");
db.pragma("cache_size=-2000"); // D1's page cache
const lastRow = db.prepare("SELECT max(rowid) AS m FROM posts").get().m;
const source = db.prepare("SELECT listed_words, other_words, listed_author FROM posts WHERE rowid = ?");
const insert = db.prepare("INSERT INTO posts(rowid, listed_words, other_words, listed_author) VALUES (?, ?, ?, ?)");
const remove = db.prepare("DELETE FROM posts WHERE rowid = ?");
const begin = db.prepare("BEGIN");
const commit = db.prepare("COMMIT");
const step = db.prepare("INSERT INTO posts_fts(posts_fts, rank) VALUES ('merge', ?)");
const indexPages = db.prepare("SELECT count(*) AS n FROM posts_fts_data");
// 31 authors, as the median member follows, for Following's search by author (decision 061).
const authors = db
  .prepare("SELECT DISTINCT listed_author AS a FROM posts WHERE listed_author IS NOT NULL AND rowid % 997 = 0 LIMIT 31")
  .all()
  .map((row) => `"${row.a}"`);
const probes = {
  coffee: "SELECT rowid FROM posts_fts WHERE posts_fts MATCH 'coffee' ORDER BY rowid DESC LIMIT 1000",
  authors: `SELECT rowid FROM posts_fts WHERE posts_fts MATCH 'coffee AND {listed_author}: (${authors.join(" OR ")})' ORDER BY rowid DESC LIMIT 21`,
};
/** A probe's median time on a connection of its own (a cold page cache; the OS's is warm). */
function probe(sql) {
  const conn = new Database(file, { readonly: true });
  conn.pragma("cache_size=-2000");
  const statement = conn.prepare(sql);
  const times = Array.from({ length: 7 }, () => {
    const start = process.hrtime.bigint();
    statement.all();
    return Number(process.hrtime.bigint() - start) / 1e6;
  });
  conn.close();
  return at(sorted(times), 0.5);
}

let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
/** A new post's words: an existing post's, picked at random, so words and authors keep the set's spread. */
function pick() {
  for (;;) {
    const row = source.get(1 + Math.floor(random() * lastRow));
    if (row) return row;
  }
}

let next = lastRow + 1;
let written = 0;
let windowed = { writes: [], steps: [], segments: [] };
const started = Date.now();
function report(minute) {
  const levels = levelsOf(db);
  const pages = levels.flatMap((level) => level.pages);
  const writes = sorted(windowed.writes);
  const steps = sorted(windowed.steps);
  const segments = sorted(windowed.segments);
  console.log(
    JSON.stringify({
      minute,
      posts: written,
      seconds: Math.round((Date.now() - started) / 1000),
      levels: levels.length,
      segments: pages.length,
      segmentsMedian: at(segments, 0.5),
      segmentsMost: segments.at(-1) ?? 0,
      of100Pages: pages.filter((n) => n >= 100).length,
      perLevel: levels.map((level) => level.pages.length + (level.merging ? `(${level.merging})` : "")).join(" "),
      indexPages: indexPages.get().n,
      writesOver20ms: writes.filter((ms) => ms > 20).length,
      writeMax: round(writes.at(-1) ?? 0, 1),
      stepP50: round(at(steps, 0.5)),
      stepMax: round(steps.at(-1) ?? 0, 1),
      coffee1000: round(probe(probes.coffee)),
      coffeeBy31Authors: round(probe(probes.authors)),
    }),
  );
  windowed = { writes: [], steps: [], segments: [] };
}

report(0);
for (let minute = 1; minute <= minutes; minute++) {
  for (let i = 0; i < perMinute; i++) {
    const row = pick();
    const start = process.hrtime.bigint();
    begin.run();
    insert.run(next++, row.listed_words, row.other_words, row.listed_author);
    if (++written % 50 === 0) remove.run(1 + Math.floor(random() * (next - 1))); // a post in 50 is deleted
    commit.run();
    windowed.writes.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  if (stepPages > 0) {
    const start = process.hrtime.bigint();
    step.run(stepPages);
    windowed.steps.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  if (minute % 500 === 0) windowed.segments.push(levelsOf(db).reduce((n, level) => n + level.pages.length, 0));
  if (minute % window === 0) report(minute);
}
db.exec("INSERT INTO posts_fts(posts_fts, rank) VALUES ('integrity-check', 1)");
db.close();
rmSync(scratch, { recursive: true, force: true });
console.log(`integrity-check passed; ${Math.round((Date.now() - started) / 1000)} s`);
