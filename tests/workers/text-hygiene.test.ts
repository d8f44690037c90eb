import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { comments, posts, users } from "~/.server/db/schema";
import { unique } from "../fixtures/factories";
import { createPost, createUser, db, fetchWorker, formPost, get, member, multipartPost } from "./helpers";

/** NUL, BEL and NEL (U+0085): a C0 and a C1 control, and a Windows line break, as a crafted form sends them. */
const NUL = "\u0000";
const BEL = "\u0007";
const NEL = "\u0085";
/** RIGHT-TO-LEFT OVERRIDE: "Bob \u202Eredmin" shows as "Bob nimder", and would drag what follows along. */
const RLO = "\u202E";

describe("control characters never reach the database", () => {
  it("a post is stored without NUL, U+0007 and U+0085, its \\r\\n as \\n and its location on one line", async () => {
    const { user, cookie } = await member();
    const form = new FormData();
    for (const [name, value] of Object.entries({
      intent: "post",
      content: `Hello${NUL} world${BEL}\r\nsecond${NEL} line\rthird`,
      location: `Porto${NUL}\r\nPortugal${NEL}`,
      returnTo: "/",
    })) {
      form.append(name, value);
    }
    const response = await multipartPost("/compose", form, { Cookie: cookie });
    expect(response.status).toBe(302);
    const post = await db().select().from(posts).where(eq(posts.userId, user.id)).get();
    expect(post).toMatchObject({ content: "Hello world\nsecond line\nthird", location: "Porto Portugal" });
  });

  it("a comment is stored without NUL, U+0007 and U+0085, its \\r\\n as \\n", async () => {
    const author = await createUser();
    const post = await createPost(author.id);
    const { user, cookie } = await member();
    const response = await fetchWorker(
      formPost(`/post/${post.id}`, { intent: "comment", content: `${NUL}nice${BEL}\r\npost${NEL}`, returnTo: `/post/${post.id}` }, { Cookie: cookie }),
    );
    expect(response.status).toBe(302);
    const stored = await db().select().from(comments).where(eq(comments.userId, user.id)).all();
    expect(stored.map((comment) => comment.content)).toEqual(["nice\npost"]);
  });
});

describe("a name with a bidi override cannot reorder the page around it", () => {
  it("a display name is stored without its NUL and its U+202E (decision 066), and shown inside isolated elements", async () => {
    const username = unique("bidi_").slice(0, 30);
    const signedUp = await fetchWorker(
      formPost(
        "/auth?signUp=true",
        {
          mode: "sign-up",
          displayName: `Bob${NUL} ${RLO}redmin`,
          username,
          email: `${username}@example.com`,
          password: "secret-password",
          confirmPassword: "secret-password",
        },
        { "CF-Connecting-IP": unique("ip") },
      ),
    );
    expect(signedUp.status).toBe(302);
    const user = await db().select().from(users).where(eq(users.username, username)).get();
    // A name is also written where nothing isolates it (a page's title, a toast): it keeps no override.
    expect(user?.displayName).toBe("Bob redmin");

    const post = await createPost(user!.id, { content: "hello" });
    // Signed in as them: their post's card and their own card in the navigation show the name.
    const session = signedUp.headers.getSetCookie().find((cookie) => cookie.startsWith("session="))!.split(";")[0]!;
    const html = await (await get(`/post/${post.id}`, { Cookie: session })).text();
    // Every element that shows the name as its text carries dir="auto": HTML isolates it, as it does <bdi>.
    const shown = [...html.matchAll(new RegExp(`<(\\w+)([^>]*)>Bob redmin</\\1>`, "g"))];
    expect(shown.length).toBeGreaterThanOrEqual(2);
    for (const [, tag, attributes] of shown) expect(`<${tag}${attributes}>`).toContain('dir="auto"');
  });
});
