import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/.server/db/client";
import { comments, follows, mediaUploads, memberSettings, notifications, posts, postLikes, sessions, users } from "~/.server/db/schema";
import { createLoadContext } from "~/.server/context";
import { cardsRead, getCard, withVideo } from "~/.server/posts/cards";
import { getFollowingFeed } from "~/.server/posts/following";
import { getForYouFeed } from "~/.server/posts/for-you";
import { newId } from "~/.server/ids";
import { POST_MESSAGES, UPLOAD_MESSAGES } from "~/lib/messages";
import { UPLOAD_CACHE_CONTROL_SECONDS } from "~/lib/constants";
import { Meter, meterDatabase } from "~/.server/db/metered";
import { capturingD1, createPost, createUser, db, fetchWorker, formPost, get, member, multipartPost, ORIGIN, planOf, sessionViewerOf, TINY_PNG, toastOf } from "./helpers";

const PNG = TINY_PNG;
const HTML = new TextEncoder().encode("<!doctype html><html><body><script>alert(1)</script></body></html>");

function fileForm(fields: Record<string, string>, files: Record<string, File[]> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, list] of Object.entries(files)) for (const file of list) form.append(name, file);
  return form;
}

async function uploadOverHttp(cookie: string, file: File, kind: "image" | "video") {
  const response = await multipartPost("/uploads", fileForm({ intent: "upload", kind }, { file: [file] }), { Cookie: cookie });
  return { status: response.status, body: (await response.json()) as { ok: boolean; key?: string; url?: string; message?: string } };
}

describe("the composer without JavaScript (one multipart form)", () => {
  it("posts text with an image and returns to the page with 'Post created successfully!'", async () => {
    const { user, cookie } = await member();
    const response = await multipartPost(
      "/compose",
      fileForm({ intent: "post", content: "A photo #sunset", location: "Porto", visibility: "everyone", returnTo: "/" }, {
        images: [new File([PNG], "sunset.png", { type: "image/png" })],
      }),
      { Cookie: cookie },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(toastOf(response)).toBe(POST_MESSAGES.created);
    const post = await db().select().from(posts).where(eq(posts.userId, user.id)).get();
    expect(post).toMatchObject({ content: "A photo #sunset", location: "Porto" });
    const key = post!.mediaUrls![0]!.replace("/media/", "");
    expect(key).toMatch(/^images\/posts\/[a-z0-9]+-[a-f0-9]+\.png$/);
    expect(await (await env.MEDIA.get(key))?.arrayBuffer()).toEqual(PNG.buffer);
    // The image's size, read from its bytes, gives it its box before it arrives (no layout shift).
    expect(post!.mediaDimensions).toEqual([{ width: 1, height: 1 }]);
    const page = await (await get(`/post/${post!.id}`, { Cookie: cookie })).text();
    expect(page).toMatch(/<img src="\/media\/images\/posts\/[^"]+" alt="Image 1 of 1 posted by [^"]+" [^>]*width="1" height="1"/);
  });

  it("the same form sent twice (its first answer lost) is one post, answered alike; its files of the second time are not kept (decision 072)", async () => {
    const { user, cookie } = await member();
    const clientId = crypto.randomUUID();
    const send = () =>
      multipartPost(
        "/compose",
        fileForm({ intent: "post", content: "Said once", clientId, returnTo: "/" }, { images: [new File([PNG], "once.png", { type: "image/png" })] }),
        { Cookie: cookie },
      );
    for (const response of [await send(), await send()]) {
      expect(response.status).toBe(302);
      expect(toastOf(response)).toBe(POST_MESSAGES.created);
    }
    const stored = await db().select().from(posts).where(eq(posts.userId, user.id)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.mediaUrls).toHaveLength(1);
    const uploads = await db().select().from(mediaUploads).where(eq(mediaUploads.userId, user.id)).all();
    expect(uploads.map((upload) => upload.postId)).toEqual([stored[0]!.id]);
    // The page the browser kept (back), written anew under the same id: a post of its own, never lost.
    const anew = await multipartPost("/compose", fileForm({ intent: "post", content: "Something else", clientId, returnTo: "/" }), { Cookie: cookie });
    expect(toastOf(anew)).toBe(POST_MESSAGES.created);
    expect((await db().select().from(posts).where(eq(posts.userId, user.id)).all()).map((post) => post.content).sort()).toEqual(["Said once", "Something else"]);
    await db().delete(posts).where(eq(posts.content, "Something else"));
    // With JavaScript: the keys of uploads already claimed by the first send.
    const image = await uploadOverHttp(cookie, new File([PNG], "again.png", { type: "image/png" }), "image");
    const dialog = () => fetchWorker(formPost("/compose.data", { intent: "post", content: "Once with JavaScript", clientId: "page-made-id", imageKeys: image.body.key! }, { Cookie: cookie }));
    const [first, second] = [await dialog(), await dialog()];
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await db().select().from(posts).where(eq(posts.userId, user.id)).all()).toHaveLength(2);
    // Another member's composer may make the same id: ids are the member's own.
    const other = await member();
    const theirs = await fetchWorker(formPost("/compose.data", { intent: "post", content: "Mine", clientId: "page-made-id" }, { Cookie: other.cookie }));
    expect(theirs.status).toBe(200);
    expect(await db().select().from(posts).where(eq(posts.userId, other.user.id)).all()).toHaveLength(1);
  });

  it("a comment or a reply sent twice under one id is stored once and tells its mentioned member once; another text under it is another comment (decision 072)", async () => {
    const author = await member();
    const { cookie } = await member();
    const named = await createUser();
    const post = await createPost(author.user.id);
    const send = (fields: Record<string, string>) => fetchWorker(formPost(`/post/${post.id}.data`, { intent: "comment", ...fields }, { Cookie: cookie }));
    const first = { content: `Hello @${named.username}`, clientId: "comment-send-1" };
    expect([(await send(first)).status, (await send(first)).status]).toEqual([200, 200]);
    const [comment] = await db().select().from(comments).where(eq(comments.postId, post.id)).all();
    const reply = { content: "And again", parentId: comment!.id, clientId: "comment-send-2" };
    expect([(await send(reply)).status, (await send(reply)).status]).toEqual([200, 200]);
    expect(await db().select().from(comments).where(eq(comments.postId, post.id)).all()).toHaveLength(2);
    expect((await db().select().from(posts).where(eq(posts.id, post.id)).get())!.commentsCount).toBe(2);
    expect(await db().select().from(notifications).where(and(eq(notifications.userId, named.id), eq(notifications.type, "mention"))).all()).toHaveLength(1);
    // Without an id each send is a comment; under an id already used, another text is another comment.
    await send({ content: "No id" });
    await send({ content: "No id" });
    await send({ content: "Written anew on the page the browser kept", clientId: "comment-send-1" });
    expect(await db().select().from(comments).where(eq(comments.postId, post.id)).all()).toHaveLength(5);
  });

  it("an empty text is refused with the spec's message, and a picked file is kept for the next try", async () => {
    const { user, cookie } = await member();
    const response = await multipartPost(
      "/compose",
      fileForm({ intent: "post", content: "   ", returnTo: "/" }, { images: [new File([PNG], "keep.png", { type: "image/png" })] }),
      { Cookie: cookie },
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(POST_MESSAGES.contentRequired);
    // Kept attached while its box stays ticked (the member may untick it).
    expect(html).toMatch(/<input type="checkbox" name="imageKeys" checked="" value="images\/posts\/[^"]+\.png"\/>/);
    expect(await db().select().from(posts).where(eq(posts.userId, user.id)).all()).toEqual([]);
  });

  it("an HTML page named .jpg is refused and nothing is stored", async () => {
    const { user, cookie } = await member();
    const response = await multipartPost(
      "/compose",
      fileForm({ intent: "post", content: "sneaky", returnTo: "/" }, { images: [new File([HTML], "cat.jpg", { type: "image/jpeg" })] }),
      { Cookie: cookie },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(UPLOAD_MESSAGES.imageFormats);
    expect(await db().select().from(posts).where(eq(posts.userId, user.id)).all()).toEqual([]);
  });

  it("a visitor (or an ended session) gets 'User not authenticated' and nothing is posted", async () => {
    const content = `nobody posts this ${crypto.randomUUID()}`;
    const page = await fetchWorker(formPost("/compose", { intent: "post", content, returnTo: "/" }));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/auth?returnTo=%2F");
    expect(toastOf(page)).toBe(POST_MESSAGES.notAuthenticated);

    const dialog = await fetchWorker(formPost("/compose.data", { intent: "post", content }));
    expect(dialog.status).toBe(401);
    expect(await dialog.text()).toContain(POST_MESSAGES.notAuthenticated);
    expect(await db().select().from(posts).where(eq(posts.content, content)).all()).toEqual([]);
  });
});

describe("uploads and media", () => {
  it("/uploads checks the bytes, stores under a random key, and /media serves it with ranges", async () => {
    const { cookie } = await member();
    const refused = await uploadOverHttp(cookie, new File([HTML], "x.jpg", { type: "image/jpeg" }), "image");
    expect(refused).toEqual({ status: 400, body: { ok: false, message: UPLOAD_MESSAGES.imageFormats } });

    const { status, body } = await uploadOverHttp(cookie, new File([PNG], "x.png", { type: "image/png" }), "image");
    expect(status).toBe(200);
    expect(body.url).toBe(`/media/${body.key}`);

    // Not yet in a post, it is its uploader's alone (decision 070).
    expect((await get(body.url!)).status).toBe(404);
    const full = await get(body.url!, { Cookie: cookie });
    expect(full.status).toBe(200);
    expect(full.headers.get("Content-Type")).toBe("image/png");
    expect(full.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(full.headers.get("Cache-Control")).toBe(`private, max-age=${UPLOAD_CACHE_CONTROL_SECONDS}`);
    expect(full.headers.get("Accept-Ranges")).toBe("bytes");
    // The uploader's alone: a browser that changes member asks again.
    expect(full.headers.get("Vary")).toBe("Cookie");
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(PNG);

    const part = await get(body.url!, { Cookie: cookie, Range: "bytes=8-15" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 8-15/${PNG.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(PNG.slice(8, 16));
    // A HEAD of a range says which bytes it would be, as the GET does.
    const head = await fetchWorker(new Request(`${ORIGIN}${body.url!}`, { method: "HEAD", headers: { Cookie: cookie, Range: "bytes=8-15" } }));
    expect([head.status, head.headers.get("Content-Range"), head.headers.get("Content-Length")]).toEqual([206, `bytes 8-15/${PNG.length}`, "8"]);
    // A range past the end is about this request alone: no cache keeps it.
    const unsatisfiable = await get(body.url!, { Cookie: cookie, Range: `bytes=${PNG.length}-` });
    expect([unsatisfiable.status, unsatisfiable.headers.get("Cache-Control"), unsatisfiable.headers.get("Content-Range")]).toEqual([416, "no-store", `bytes */${PNG.length}`]);
    // Several ranges are answered with the whole file (no multipart answers).
    const several = await get(body.url!, { Cookie: cookie, Range: "bytes=0-1,4-5" });
    expect(several.status).toBe(200);
    expect(new Uint8Array(await several.arrayBuffer())).toEqual(PNG);
    expect((await get("/media/images/posts/nothing-here.png")).status).toBe(404);
  });

  it("stores no photo's position nor a video's location (decision 082): what /media serves has none, the record has the stored size", async () => {
    const { cookie } = await member();
    const bytes = (...parts: (number[] | string)[]) =>
      Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));
    const be16 = (n: number) => [n >> 8, n & 255];
    const be32 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
    // A JPEG (1 × 1) whose EXIF holds a GPS directory (tag 0x8825) and the latitude 52° 31′.
    const tiff = bytes("MM", [0, 42], be32(8), [0, 1], [0x88, 0x25, 0, 4], be32(1), be32(26), be32(0), [0, 1], [0, 2, 0, 5], be32(1), be32(44), be32(0), be32(52), be32(1), be32(31), be32(1));
    const exif = bytes("Exif", [0, 0], [...tiff]);
    const frame = [0xff, 0xc0, 0, 11, 8, 0, 1, 0, 1, 1, 1, 0x11, 0];
    const scan = [0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34];
    const jpeg = bytes([0xff, 0xd8, 0xff, 0xe1], be16(exif.length + 2), [...exif], frame, scan, [0xff, 0xd9]);
    const photo = await uploadOverHttp(cookie, new File([jpeg], "photo.jpg", { type: "image/jpeg" }), "image");
    expect(photo.status).toBe(200);
    const served = new Uint8Array(await (await get(photo.body.url!, { Cookie: cookie })).arrayBuffer());
    expect(served).toEqual(bytes([0xff, 0xd8], frame, scan, [0xff, 0xd9]));
    const record = await db().select().from(mediaUploads).where(eq(mediaUploads.key, photo.body.key!)).get();
    expect(record?.size).toBe(served.length);

    // An MP4 whose movie box (with a phone's location atom) sits between two others: stored in parts, streamed.
    const box = (name: string, ...contents: Uint8Array[]) => {
      const data = bytes(...contents.map((part) => [...part]));
      return bytes(be32(8 + data.length), name, [...data]);
    };
    const location = box("udta", box("\u00a9xyz", bytes("+48.8577+002.2950/")));
    const video = bytes(...[box("ftyp", bytes("isom", be32(512), "isommp41")), box("moov", location), box("mdat", new Uint8Array(64).fill(7))].map((part) => [...part]));
    const clip = await uploadOverHttp(cookie, new File([video], "clip.mp4", { type: "video/mp4" }), "video");
    expect(clip.status).toBe(200);
    const stored = new Uint8Array(await (await get(clip.body.url!, { Cookie: cookie })).arrayBuffer());
    expect(stored.length).toBe(video.length);
    const text = String.fromCharCode(...stored);
    expect(text).not.toContain("+48.8577");
    expect(text).not.toContain("udta");
    expect(text).toContain("free");
    expect(stored.slice(-64)).toEqual(new Uint8Array(64).fill(7));
  });

  it("a visitor cannot upload", async () => {
    const response = await multipartPost("/uploads", fileForm({ intent: "upload", kind: "image" }, { file: [new File([PNG], "x.png")] }));
    expect(response.status).toBe(401);
  });

  it("media of a subscriber-only post is served only to those who may see it", async () => {
    const author = await member();
    const stranger = await member();
    const { body } = await uploadOverHttp(author.cookie, new File([PNG], "x.png", { type: "image/png" }), "image");
    await db()
      .update(users)
      .set({ verifiedType: "user", offersSubscriptions: true, subscriptionPriceCents: 500 })
      .where(eq(users.id, author.user.id));
    const created = await multipartPost(
      "/compose",
      fileForm({ intent: "post", content: "for subscribers", visibility: "subscribers", imageKeys: body.key!, returnTo: "/" }),
      { Cookie: author.cookie },
    );
    expect(created.status).toBe(302);
    expect((await get(body.url!, { Cookie: stranger.cookie })).status).toBe(404);
    expect((await get(body.url!)).status).toBe(404);
    const own = await get(body.url!, { Cookie: author.cookie });
    expect(own.status).toBe(200);
    expect(own.headers.get("Cache-Control")).toMatch(/^private/);
  });
});

describe("interactions as forms", () => {
  it("without JavaScript a like redirects back (to the post's anchor); with a fetcher it answers data", async () => {
    const author = await createUser();
    const fan = await member();
    const post = await createPost(author.id);
    const noJs = await fetchWorker(
      formPost(`/post/${post.id}`, { like: "true", returnTo: `/#post-${post.id}` }, { Cookie: fan.cookie }),
    );
    expect(noJs.status).toBe(302);
    expect(noJs.headers.get("Location")).toBe(`/#post-${post.id}`);
    expect(await db().select().from(postLikes).where(eq(postLikes.postId, post.id)).all()).toHaveLength(1);

    const fetcher = await fetchWorker(formPost(`/post/${post.id}.data`, { like: "false" }, { Cookie: fan.cookie }));
    expect(fetcher.status).toBe(200);
    // The session, then one batch: the post's check, the write and the counts together.
    expect(Number(fetcher.headers.get("X-D1-Depth"))).toBe(2);
    expect(await fetcher.text()).toContain("likes");
    expect(await db().select().from(postLikes).where(eq(postLikes.postId, post.id)).all()).toHaveLength(0);
  });

  it.each([
    ["like", { like: "true" }, POST_MESSAGES.signInToLike],
    ["repost", { repost: "true" }, POST_MESSAGES.signInToRepost],
    ["bookmark", { bookmark: "true" }, POST_MESSAGES.signInToBookmark],
    ["comment", { intent: "comment", content: "hi" }, POST_MESSAGES.signInToComment],
  ])("a visitor's %s gets the spec's 'Please sign in' and changes nothing", async (_name, fields, message) => {
    const author = await createUser();
    const post = await createPost(author.id);
    const response = await fetchWorker(formPost(`/post/${post.id}`, { ...fields, returnTo: `/post/${post.id}` }));
    expect(response.status).toBe(302);
    expect(toastOf(response)).toBe(message);
    const row = (await db().select().from(posts).where(eq(posts.id, post.id)).get())!;
    expect([row.likesCount, row.repostsCount, row.commentsCount]).toEqual([0, 0, 0]);
  });

  it("a comment on a post deleted meanwhile says 'This post doesn't exist or has been deleted.', as a like does; one on a comment deleted meanwhile 'Failed to post comment'", async () => {
    const author = await createUser();
    const fan = await member();
    const post = await createPost(author.id);
    await db().delete(posts).where(eq(posts.id, post.id));
    for (const fields of [{ intent: "comment", content: "Still there?" }, { like: "true" }] as Record<string, string>[]) {
      const noJs = await fetchWorker(formPost(`/post/${post.id}`, { ...fields, returnTo: `/post/${post.id}` }, { Cookie: fan.cookie }));
      expect(toastOf(noJs)).toBe(POST_MESSAGES.notFound);
      const fetcher = await fetchWorker(formPost(`/post/${post.id}.data`, fields, { Cookie: fan.cookie }));
      expect(await fetcher.text()).toContain(POST_MESSAGES.notFound);
    }
    const other = await createPost(author.id);
    const reply = await fetchWorker(formPost(`/post/${other.id}.data`, { intent: "comment", content: "To nothing", parentId: newId() }, { Cookie: fan.cookie }));
    expect(await reply.text()).toContain(POST_MESSAGES.commentFailed);
  });

  it("another member cannot delete a post: 404, and it stays", async () => {
    const author = await createUser();
    const other = await member();
    const post = await createPost(author.id);
    const response = await fetchWorker(formPost(`/post/${post.id}/delete`, { intent: "delete", returnTo: "/" }, { Cookie: other.cookie }));
    expect(response.status).toBe(302);
    expect(toastOf(response)).toBe(POST_MESSAGES.deleteFailed);
    expect((await get(`/post/${post.id}/delete`, { Cookie: other.cookie })).status).toBe(404);
    expect(await db().select().from(posts).where(eq(posts.id, post.id)).get()).toBeDefined();
  });

  it("the owner deletes with 'Post deleted successfully'; from the post's own page they go home", async () => {
    const author = await member();
    const post = await createPost(author.user.id);
    const response = await fetchWorker(formPost(`/post/${post.id}/delete`, { intent: "delete", returnTo: `/post/${post.id}` }, { Cookie: author.cookie }));
    expect(response.headers.get("Location")).toBe("/");
    expect(toastOf(response)).toBe(POST_MESSAGES.deleted);
    expect(await db().select().from(posts).where(eq(posts.id, post.id)).get()).toBeUndefined();
  });

  it("a share without JavaScript records the platform and goes on to the service", async () => {
    const author = await createUser();
    const fan = await member();
    const post = await createPost(author.id, { content: "share me" });
    const response = await fetchWorker(
      formPost(`/post/${post.id}/shares`, { intent: "share", platform: "twitter", returnTo: "/" }, { Cookie: fan.cookie }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^https:\/\/twitter\.com\/intent\/tweet\?/);
    expect(response.headers.get("Location")).toContain(encodeURIComponent(`/post/${post.id}`));
    expect((await db().select().from(posts).where(eq(posts.id, post.id)).get())?.sharesCount).toBe(1);
  });

  it("a share carries the post's words only when anyone may read them: a subscriber-only post or a followers-only author's is shared as its link alone", async () => {
    const author = await member();
    const fan = await member();
    const shareOf = async (postId: string, cookie: string) => {
      const response = await fetchWorker(formPost(`/post/${postId}/shares`, { intent: "share", platform: "twitter", returnTo: "/" }, { Cookie: cookie }));
      expect(response.status).toBe(302);
      return new URL(response.headers.get("Location")!).searchParams;
    };
    const open = await createPost(author.user.id, { content: "words for everyone" });
    expect((await shareOf(open.id, fan.cookie)).get("text")).toBe("words for everyone");
    const paid = await createPost(author.user.id, { content: "words for subscribers", isSubscriberOnly: true });
    const paidShare = await shareOf(paid.id, author.cookie);
    expect(paidShare.get("text")).toBe("");
    expect(paidShare.get("url")).toContain(`/post/${paid.id}`);
    // The dialog (with JavaScript) is drawn from the same card: it says whether the words may go.
    expect((await getCard(db(), author.user.id, open.id))?.post.forEveryone).toBe(true);
    expect((await getCard(db(), author.user.id, paid.id))?.post.forEveryone).toBe(false);
    await db().insert(memberSettings).values({ userId: author.user.id, postVisibility: "followers" }).onConflictDoUpdate({ target: memberSettings.userId, set: { postVisibility: "followers" } });
    expect((await shareOf(open.id, author.cookie)).get("text")).toBe("");
  });

  it("a post page's title quotes the post without cutting a character in half", async () => {
    const author = await createUser();
    const content = `${"a".repeat(59)}👍🏽 and more words after the emoji`;
    const post = await createPost(author.id, { content });
    const html = await (await get(`/post/${post.id}`)).text();
    const title = html.match(/<title>([^<]*)<\/title>/)![1]!;
    expect(title).toContain(`“${"a".repeat(59)}…”`);
    expect(title).not.toContain("\ufffd");
    const short = await createPost(author.id, { content: "short 👍🏽" });
    expect((await (await get(`/post/${short.id}`)).text())).toContain("“short 👍🏽”");
  });

  it("a share with JavaScript is recorded by POST /post/{id}/shares", async () => {
    const author = await createUser();
    const fan = await member();
    const post = await createPost(author.id);
    const response = await fetchWorker(formPost(`/post/${post.id}/shares`, { intent: "share", platform: "copy" }, { Cookie: fan.cookie }));
    expect(await response.json()).toMatchObject({ ok: true, counts: { shares: 1 } });
    expect((await fetchWorker(formPost(`/post/${post.id}/shares`, { intent: "share", platform: "copy" }))).status).toBe(401);
  });

  it("a view is recorded by POST /post/{id}/view", async () => {
    const author = await createUser();
    const viewer = await member();
    const post = await createPost(author.id);
    const response = await fetchWorker(formPost(`/post/${post.id}/view`, {}, { Cookie: viewer.cookie }));
    expect(await response.json()).toEqual({ ok: true, postId: post.id, counted: true });
    expect((await db().select().from(posts).where(eq(posts.id, post.id)).get())?.viewsCount).toBe(1);
  });
});

describe("subscriber-only content never reaches a page of someone who may not see it", () => {
  it("not in the post page, its data, the home feed or the photo page", async () => {
    const author = await createUser();
    const stranger = await member();
    const post = await createPost(author.id, {
      content: "the secret recipe",
      isSubscriberOnly: true,
      mediaUrls: ["/media/images/posts/secret-recipe.png"],
    });
    await db().insert(follows).values({ id: newId(), followerId: stranger.user.id, followingId: author.id });
    for (const path of [`/post/${post.id}`, `/post/${post.id}.data`, "/?tab=following", "/_root.data?index", "/"]) {
      const response = await get(path, { Cookie: stranger.cookie });
      expect(response.status, path).toBeLessThan(400);
      const body = await response.text();
      expect(body, path).not.toContain("secret");
    }
    expect((await get(`/post/${post.id}/photo/1`, { Cookie: stranger.cookie })).status).toBe(404);
    const page = await (await get(`/post/${post.id}`, { Cookie: stranger.cookie })).text();
    expect(page).toContain("This post is for subscribers");
  });
});

describe("performance shape", () => {
  it("the benchmark's timing: server time, D1 wait and rendering; with the floor header, a page's reads made again alone", async () => {
    const viewer = await member();
    const measure = { Cookie: viewer.cookie, "X-Measure-Server-Time": "1" };
    const timing = (response: Response) =>
      Object.fromEntries([...(response.headers.get("Server-Timing") ?? "").matchAll(/(\w+);dur=([\d.]+)/g)].map(([, name, value]) => [name, Number(value)]));
    expect(Object.keys(timing(await get("/", measure)))).toEqual(["total", "d1", "render"]);
    const withFloor = timing(await get("/", { ...measure, "X-Measure-D1-Floor": "1" }));
    expect(Object.keys(withFloor)).toEqual(["total", "d1", "render", "floor"]);
    expect(withFloor.floor).toBeGreaterThanOrEqual(0);
  });

  it("the floor makes reads again and refuses to make writes again", async () => {
    const reads = new Meter();
    const read = meterDatabase(env.DB, reads);
    await read.batch([read.prepare("SELECT 1"), read.prepare("WITH x AS (SELECT 2) SELECT * FROM x")]);
    await read.prepare("SELECT count(*) FROM users").first();
    expect(await reads.floor()).toBeGreaterThanOrEqual(0);
    const writes = new Meter();
    const write = meterDatabase(env.DB, writes);
    await write.prepare("SELECT 1").first();
    await write.prepare("UPDATE users SET id = id WHERE 0").run();
    expect(await writes.floor()).toBeNull();
  });

  it("a page waits for 1 D1 round trip: its reads travel with the session and the shell's", async () => {
    const viewer = await member();
    const post = await createPost(viewer.user.id);
    for (const path of ["/", "/?tab=following", "/videos", `/post/${post.id}`, `/?q=hello`]) {
      const response = await get(path, { Cookie: viewer.cookie });
      expect(response.status, path).toBe(200);
      expect(Number(response.headers.get("X-D1-Depth")), path).toBe(1);
      expect(Number(response.headers.get("X-D1-Calls")), path).toBe(1);
    }
    // A visitor's post page reads once too (no session to read).
    const visitor = await get(`/post/${post.id}`);
    expect(Number(visitor.headers.get("X-D1-Depth"))).toBe(1);
    // Each read answers its own columns: the member's card is theirs.
    const page = await (await get("/", { Cookie: viewer.cookie })).text();
    const profileLink = page.slice(page.indexOf("Your profile: "), page.indexOf("</a>", page.indexOf("Your profile: ")));
    expect(profileLink).toContain(viewer.user.displayName);
    expect(profileLink).toContain(viewer.user.username);
  });

  it("reads that travel with the session are the session's member's, and a visitor's once it has expired", async () => {
    const author = await member();
    const liker = await member();
    const post = await createPost(author.user.id, { content: "liked with the session" });
    const locked = await createPost(author.user.id, { content: "only for subscribers", isSubscriberOnly: true });
    await db().insert(postLikes).values({ postId: post.id, userId: liker.user.id });
    const likeButton = /<button type="submit" name="like" value="(true|false)" aria-pressed="(true|false)"/;
    // The liker sees their like; the author (who did not like it) does not.
    expect((await (await get(`/post/${post.id}`, { Cookie: liker.cookie })).text()).match(likeButton)?.[2]).toBe("true");
    expect((await (await get(`/post/${post.id}`, { Cookie: author.cookie })).text()).match(likeButton)?.[2]).toBe("false");
    // The author reads their own subscriber-only post in full, until the session expires.
    expect(await (await get(`/post/${locked.id}`, { Cookie: author.cookie })).text()).toContain("only for subscribers");
    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, author.user.id));
    const expired = await get(`/post/${locked.id}`, { Cookie: author.cookie });
    expect(expired.status).toBe(200);
    const html = await expired.text();
    expect(html).not.toContain("only for subscribers");
    expect(html).toContain("This post is for subscribers");
    // Pages only members see send the expired session to sign in.
    expect((await get("/", { Cookie: author.cookie })).status).toBe(302);
  });

  it.each([
    ["by id", (id: string) => id],
    ["found from their session", (id: string) => sessionViewerOf(id)],
  ])("Following and For you are served by indexes for a member %s (no full scan of posts or users)", async (_how, viewerOf) => {
    const viewer = await createUser();
    const { spy, captured } = capturingD1();
    const who = await viewerOf(viewer.id);
    for (const read of [getFollowingFeed, getForYouFeed]) {
      await read(getDb(spy), who);
      const query = captured.at(-1)!;
      const details = await planOf(query);
      expect(details.some((d) => /USING (COVERING )?INDEX/.test(d))).toBe(true);
      expect(details.filter((d) => /^SCAN (posts|users)\b(?! USING)/.test(d))).toEqual([]);
    }
  });

  it("a feed read for a session answers what the member's own read answers; an unknown session's members-only read finds nothing", async () => {
    const viewer = await createUser();
    const author = await createUser();
    await db().insert(follows).values({ id: newId(), followerId: viewer.id, followingId: author.id });
    const liked = await createPost(author.id, { content: "liked one" });
    await createPost(author.id, { content: "another" });
    await db().insert(postLikes).values({ postId: liked.id, userId: viewer.id });
    const session = await sessionViewerOf(viewer.id);
    // The counts' reading time aside (`at`), the answers are the same.
    const stable = (page: unknown) => JSON.parse(JSON.stringify(page, (key, value: unknown) => (key === "at" ? 0 : value))) as unknown;
    // Following shows the followed author's posts alone, the like among them.
    expect((await getFollowingFeed(db(), session)).items.find((item) => item.id === liked.id)?.post.viewer.liked).toBe(true);
    // Both feeds read at the same instant (For you ranks by age): the same answers either way.
    const now = Date.now();
    for (const read of [getFollowingFeed, getForYouFeed]) {
      const byId = await read(db(), viewer.id, { now });
      expect(byId.items.length).toBeGreaterThan(0);
      expect(stable(await read(db(), session, { now }))).toEqual(stable(byId));
      expect(await read(db(), { ...session, session: "no-such-session" }, { now })).toEqual({ items: [], nextCursor: null });
    }
  });
});

describe("reads that travel with the session", () => {
  it("a page read that fails fails alone: the session and the shell are still read", async () => {
    const { user, cookie } = await member();
    // A database that refuses any batch carrying a card read (as if the page's statement broke).
    const failing = new Proxy(env.DB, {
      get(target, property) {
        if (property !== "batch") return Reflect.get(target, property).bind(target);
        return (statements: D1PreparedStatement[]) => {
          const texts = statements.map((statement) => String((statement as unknown as { statement?: string }).statement));
          if (texts.some((text) => text.includes("card_postId"))) return Promise.reject(new Error("the page's read broke"));
          return target.batch(statements);
        };
      },
    });
    const context = createLoadContext(new Request(`${ORIGIN}/videos`, { headers: { Cookie: cookie } }), { ...env, DB: failing }, createExecutionContext());
    const page = context.readAsMember((viewer) => [cardsRead(context.db, viewer, [withVideo])]);
    const settled = page.catch((error: unknown) => error);
    const { user: found } = await context.getSession();
    expect(found?.id).toBe(user.id);
    expect(await context.getShell()).not.toBeNull();
    expect(await settled).toBeInstanceOf(Error);
  });
});
