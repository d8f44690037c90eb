import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { signUp, usernameTaken } from "~/.server/auth/accounts";
import { getDb } from "~/.server/db/client";
import { communities, communityMembers, users } from "~/.server/db/schema";
import { newId } from "~/.server/ids";
import { communityNameKey, usernameKey } from "~/lib/name-keys";
import { AUTH_MESSAGES } from "~/lib/messages";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import { unique } from "../fixtures/factories";
import { capturingD1, createUser, db, fetchWorker, formPost, limiter, member, multipartPost, planOf, sqliteError } from "./helpers";

/**
 * Names that only look like someone else's are taken (docs/decisions/096): a username by its key
 * ('Ieo' for 'leo'), a community's name by its key (a no-break space, a zero-width space, a Cyrillic
 * 'Т'), and a display name may not bring its own check mark. A refusal changes nothing.
 */

const send = (path: string, fields: Record<string, string>, cookie?: string) =>
  fetchWorker(formPost(path, fields, { "CF-Connecting-IP": unique("ip"), ...(cookie ? { Cookie: cookie } : {}) }));

function fileForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** A username suffix no other test uses, the same in the name and its look-alike. */
const suffix = () => unique("").slice(-10).toLowerCase();

const signUpForm = (fields: { username: string; displayName?: string }) => ({
  mode: "sign-up",
  displayName: fields.displayName ?? "Leo Park",
  username: fields.username,
  email: `${fields.username.toLowerCase()}_${unique("m")}@example.com`,
  password: "secret-password",
  confirmPassword: "secret-password",
});

/** Members with exactly this username (another case of it is another member's). */
const usersNamed = (username: string) => db().select({ id: users.id }).from(users).where(eq(users.username, username)).all();

describe("a username that only looks like another's is taken", () => {
  it("'Ieo' (a capital i) when 'leo' exists: 'Username already taken…' at sign-up, and no account is made", async () => {
    const end = suffix();
    await createUser({ username: `leo${end}` });

    const answer = await send("/auth?signUp=true", signUpForm({ username: `Ieo${end}` }));
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(AUTH_MESSAGES.usernameTaken);
    expect(await usersNamed(`Ieo${end}`)).toEqual([]);
  });

  it("a capital i and an l, a capital o and a zero, rn and m, vv and w, a run of '_', another case: each one name", async () => {
    const end = suffix();
    const pairs: [string, string][] = [
      [`neil_${end}`, `neiI_${end}`],
      [`BOB_${end}`, `B0B_${end}`],
      [`modern_${end}`, `rnodern_${end}`],
      [`wave_${end}`, `vvave_${end}`],
      [`a_b_${end}`, `a__b_${end}`],
      [`case_${end}`, `CASE_${end}`],
    ];
    for (const [first, second] of pairs) {
      expect((await signUp(db(), limiter(), { ...signUpForm({ username: first }), displayName: "First" }, unique("ip"))).ok).toBe(true);
      const again = await signUp(db(), limiter(), { ...signUpForm({ username: second }), displayName: "Second" }, unique("ip"));
      expect(again, `${second} after ${first}`).toEqual({ ok: false, field: "username", message: AUTH_MESSAGES.usernameTaken });
      expect(await usersNamed(second)).toEqual([]);
    }
  });

  it("names that only share letters are their own: neil and nell, ali and all, dan and clan, sami and sam1, bob and b0b", async () => {
    const end = suffix();
    for (const [first, second] of [["neil", "nell"], ["ali", "all"], ["dan", "clan"], ["sami", "sam1"], ["bob", "b0b"], ["ieo", "leo"]]) {
      for (const name of [first, second]) {
        const made = await signUp(db(), limiter(), { ...signUpForm({ username: `${name}_${end}` }), displayName: "Own Name" }, unique("ip"));
        expect(made.ok, `${name} after ${first}`).toBe(true);
      }
    }
  });

  it("the database takes look-alikes (rows from before the key, a race past the check), computes the key as usernameKey, and sign-up still refuses", async () => {
    const end = suffix();
    // As an existing database holds them when migration 0043 runs: both stay, and the migration's index is made.
    const alike = [`neil${end}`, `nell${end}`, `leo${end}`, `Ieo${end}`, `BOB${end}`, `B0B${end}`, `lla${end}`, `Ila${end}`];
    for (const username of alike) await createUser({ username });
    const migration = env.TEST_MIGRATIONS.find((applied) => applied.name.endsWith("_names_that_look_alike.sql"))!;
    await env.DB.prepare("DROP INDEX users_username_key_idx").run();
    await env.DB.prepare(migration.queries.at(-1)!).run();
    expect(await sqliteError(createUser({ username: `LEO${end}` }))).toMatch(/UNIQUE.*username/);

    const names = [`RN_w__1d0${end}`, `mIxEd__Case_O1${end}`, `a_____b${end}`, `${"_".repeat(20)}${end}`];
    for (const username of names) await createUser({ username });
    const stored = await db().select({ username: users.username, key: users.usernameKey }).from(users).where(sql`${users.username} IN ${[...alike, ...names]}`).all();
    expect(stored).toHaveLength(alike.length + names.length);
    for (const row of stored) expect(row.key, row.username).toBe(usernameKey(row.username));

    // A key two rows share ('lla' and 'Ila') still refuses a third, through the worker too.
    const again = await signUp(db(), limiter(), { ...signUpForm({ username: `lIa${end}` }), displayName: "Third" }, unique("ip"));
    expect(again).toEqual({ ok: false, field: "username", message: AUTH_MESSAGES.usernameTaken });
    const answer = await send("/auth?signUp=true", signUpForm({ username: `IIa${end}` }));
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(AUTH_MESSAGES.usernameTaken);
    expect(await usersNamed(`IIa${end}`)).toEqual([]);
  });

  it("the sign-up check reads the key's and lower(username)'s indexes, never the whole table", async () => {
    const { spy, captured } = capturingD1();
    await usernameTaken(getDb(spy), `Ieo${suffix()}`);
    const plan = (await planOf(captured[0]!)).join("\n");
    expect(plan).toContain("users_username_key_idx");
    expect(plan).toContain("users_username_lower_unique");
    expect(plan).not.toMatch(/^SCAN/m);
  });

  it("mentions and profiles still find a member by the username itself", async () => {
    const end = suffix();
    const leo = await createUser({ username: `leo${end}` });
    const page = await fetchWorker(new Request(`http://localhost/@${leo.username}`));
    expect(page.status).toBe(200);
    expect((await fetchWorker(new Request(`http://localhost/@Ieo${end}`))).status).toBe(404);
  });
});

describe("a community name that only looks like another's is taken", () => {
  const create = (name: string, cookie: string) => send("/communities/new", { intent: "community-create", name }, cookie);
  const named = (name: string) => db().select({ id: communities.id }).from(communities).where(eq(communities.name, name)).all();

  it("with a no-break space, a zero-width space inside or at the end, a Cyrillic 'Т', two spaces: 'A community with this name already exists', nothing made", async () => {
    const first = await member();
    const end = suffix();
    const name = `Trail Runners ${end}`;
    expect((await create(name, first.cookie)).status).toBe(302);

    const other = await member();
    const clones = [
      `Trail\u00a0Runners ${end}`,
      `Tra\u200bil Runners ${end}`,
      `Trail Runners ${end}\u200b`,
      `\u0422rail Runners ${end}`,
      `Trail  Runners ${end}`,
      `ＴＲＡＩＬ Runners ${end}`,
      `Tr\u0430il Runners ${end}`,
    ];
    for (const clone of clones) {
      const answer = await create(clone, other.cookie);
      expect(answer.status, JSON.stringify(clone)).toBe(409);
      expect(await answer.text()).toContain(COMMUNITY_MESSAGES.nameTaken);
    }
    expect(await db().select().from(communityMembers).where(eq(communityMembers.userId, other.user.id)).all()).toEqual([]);
  });

  it("a name is stored as it looks: no invisible characters, one space between words", async () => {
    const { user, cookie } = await member();
    const end = suffix();
    const answer = await create(`  Night\u00a0\u00a0Owls\u200b \u2060${end}\ufeff `, cookie);
    expect(answer.status).toBe(302);
    const id = answer.headers.get("Location")!.replace("/community/", "");
    const row = await db().select({ name: communities.name, creatorId: communities.creatorId }).from(communities).where(eq(communities.id, id)).get();
    expect(row).toEqual({ name: `Night Owls ${end}`, creatorId: user.id });
  });

  it("an edit to a look-alike of another community's name is refused and changes nothing; an edit keeping a name from before keys is saved", async () => {
    const { user, cookie } = await member();
    const end = suffix();
    expect((await create(`Book Club ${end}`, cookie)).status).toBe(302);
    const mine = await create(`Reading Room ${end}`, cookie);
    const id = mine.headers.get("Location")!.replace("/community/", "");

    const edit = (community: string, name: string, description: string) =>
      multipartPost(`/community/${community}/edit`, fileForm({ intent: "community-update", name, description }), { Cookie: cookie });
    const refused = await edit(id, `B\u043eok Club ${end}`, "changed");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(COMMUNITY_MESSAGES.nameTaken);
    expect(await db().select({ name: communities.name, description: communities.description }).from(communities).where(eq(communities.id, id)).get()).toEqual({
      name: `Reading Room ${end}`,
      description: null,
    });

    // A clone from before decision 096 (its key null, lower(name)) keeps its name through an edit of its description.
    const old = newId();
    const clone = `B\u043e\u043ek Club ${end}`;
    await db().insert(communities).values({ id: old, name: clone, creatorId: user.id });
    expect((await edit(old, `Book Club ${end}`, "still here")).status).toBe(409);
    expect((await edit(old, clone, "still here")).status).toBe(302);
    expect(await named(clone)).toEqual([{ id: old }]);
  });
  it("a name stored before cleaning ('Trail\\u00a0Runners') keeps its name and key through an edit, though the form sends it cleaned", async () => {
    const { user, cookie } = await member();
    const end = suffix();
    expect((await create(`Trail Runners ${end}`, cookie)).status).toBe(302);
    const old = newId();
    const stored = `Trail\u00a0Runners ${end}\u200b`;
    await db().insert(communities).values({ id: old, name: stored, creatorId: user.id });
    const row = () => db().select({ name: communities.name, nameKey: communities.nameKey, description: communities.description }).from(communities).where(eq(communities.id, old)).get();

    const edit = (name: string, description: string) =>
      multipartPost(`/community/${old}/edit`, fileForm({ intent: "community-update", name, description }), { Cookie: cookie });
    // The edit form shows the name and sends it back: the schema cleans it to the other community's.
    for (const [sent, description] of [[stored, "first"], [`Trail Runners ${end}`, "second"]] as const) {
      const answer = await edit(sent, description);
      expect(answer.status, JSON.stringify(sent)).toBe(302);
      expect(await row()).toEqual({ name: stored, nameKey: null, description });
    }
    // A new name is keyed; a look-alike of the other community's is refused (by its key now).
    expect((await edit(`Trail Runners Club ${end}`, "renamed")).status).toBe(302);
    expect(await row()).toEqual({ name: `Trail Runners Club ${end}`, nameKey: communityNameKey(`Trail Runners Club ${end}`), description: "renamed" });
    expect((await edit(`Trail\u00a0Runners ${end}`, "back")).status).toBe(409);
  });
});

describe("a display name may not wear a check mark", () => {
  const marks = ["Murmur ✔️", "Murmur ✔", "Murmur ✓", "Murmur ☑️", "Murmur ✅", "Murmur \u2714\ufe0e"];

  it("sign-up: 'Display name can't include a check mark', and no account is made", async () => {
    for (const displayName of marks) {
      const username = `mark_${suffix()}`;
      const answer = await send("/auth?signUp=true", signUpForm({ username, displayName }));
      expect(answer.status, displayName).toBe(400);
      expect(await answer.text()).toContain("Display name can&#x27;t include a check mark");
      expect(await usersNamed(username)).toEqual([]);
    }
  });

  it("Settings › Profile: refused, and the name stays", async () => {
    const { user, cookie } = await member({ displayName: "Plain Name" });
    const answer = await send("/settings/profile", { intent: "profile-settings", displayName: "Plain Name ✔️", bio: "", location: "", website: "", avatarUrl: "" }, cookie);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(AUTH_MESSAGES.displayNameCheckMark.replace("'", "&#x27;"));
    expect((await db().select({ displayName: users.displayName }).from(users).where(eq(users.id, user.id)).get())?.displayName).toBe("Plain Name");
  });
});
