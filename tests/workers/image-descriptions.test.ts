import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creatorSubscriptions, mediaUploads, posts } from "~/.server/db/schema";
import { newId } from "~/.server/ids";
import { storeMedia } from "~/.server/media";
import { createPost as composePost } from "~/.server/posts/create";
import { IMAGE_DESCRIPTION_MAX_LENGTH, TIME } from "~/lib/constants";
import { IMAGE_TYPES } from "~/lib/media-types";
import { POST_MESSAGES } from "~/lib/messages";
import { IMAGE_DESCRIPTION_TEXTS } from "~/lib/texts/image-description";
import { createPost, createUser, db, get, member, multipartPost, sessionCookieFor, TINY_PNG, toastOf } from "./helpers";

/**
 * Images' descriptions (docs/decisions/092), through the real worker as the composer sends them: with
 * JavaScript each description beside its uploaded image's key, without it in the order the files were
 * picked; stored in the images' order, the card's alt text, never sent for a locked post, in the export.
 */

const png = (name: string) => new File([TINY_PNG], name, { type: "image/png" });

function composeForm(fields: [string, string][], files: File[] = []) {
  const form = new FormData();
  for (const [name, value] of [["intent", "post"] as [string, string], ...fields]) form.append(name, value);
  for (const file of files) form.append("images", file);
  return form;
}

const postsOf = (userId: string) => db().select().from(posts).where(eq(posts.userId, userId)).all();

/** The alt texts of the post page's images, in order. */
async function altsOn(path: string, cookie: string) {
  const page = await (await get(path, { Cookie: cookie })).text();
  return [...page.matchAll(/<img src="\/media\/images\/posts\/[^"]+" alt="([^"]*)"/g)].map((match) => match[1]);
}

describe("an image's description", () => {
  it("without JavaScript pairs with the files in the order they were picked, blank for none, and is the card's alt", async () => {
    const { user, cookie } = await member();
    const response = await multipartPost(
      "/compose",
      composeForm(
        [["content", "Two photos"], ["returnTo", "/"], ["imageDescription", "  A dog asleep on a red sofa  "], ["imageDescription", ""], ["imageDescription", ""], ["imageDescription", ""]],
        [png("dog.png"), png("sofa.png")],
      ),
      { Cookie: cookie },
    );
    expect(response.status).toBe(302);
    expect(toastOf(response)).toBe(POST_MESSAGES.created);
    const [post] = await postsOf(user.id);
    expect(post!.mediaUrls).toHaveLength(2);
    expect(post!.mediaDescriptions).toEqual(["A dog asleep on a red sofa", null]);
    expect(await altsOn(`/post/${post!.id}`, cookie)).toEqual(["A dog asleep on a red sofa", `Image 2 of 2 posted by ${user.displayName}`]);
    expect(await altsOn(`/post/${post!.id}/photo/1`, cookie)).toEqual(["A dog asleep on a red sofa"]);
  });

  it("with JavaScript goes with the image its field names, whatever order the fields come in", async () => {
    const { user, cookie } = await member();
    const [first, second, third] = await Promise.all(["a", "b", "c"].map((name) => storeMedia(db(), env.MEDIA, user.id, png(`${name}.png`), IMAGE_TYPES.png, "posts")));
    const response = await multipartPost(
      "/compose",
      composeForm([
        ["content", "Three uploads"],
        ["returnTo", "/"],
        ...[first!, second!, third!].map((upload): [string, string] => ["imageKeys", upload.key]),
        // Fields named for the third and the first only (the second was described, then removed and added again, say).
        ["describedImage", third!.key],
        ["imageDescription", "The third: a lighthouse"],
        ["describedImage", first!.key],
        ["imageDescription", "The first: a harbour at dawn"],
      ]),
      { Cookie: cookie },
    );
    expect(response.status).toBe(302);
    const [post] = await postsOf(user.id);
    expect(post!.mediaUrls).toEqual([first, second, third].map((upload) => `/media/${upload!.key}`));
    expect(post!.mediaDescriptions).toEqual(["The first: a harbour at dawn", null, "The third: a lighthouse"]);
  });

  it("a post without any description stores none (NULL), and its images keep their names", async () => {
    const { user, cookie } = await member();
    await multipartPost("/compose", composeForm([["content", "Undescribed"], ["returnTo", "/"], ["imageDescription", "   "]], [png("plain.png")]), { Cookie: cookie });
    const [post] = await postsOf(user.id);
    expect(post!.mediaDescriptions).toBeNull();
    expect(await altsOn(`/post/${post!.id}`, cookie)).toEqual([`Image 1 of 1 posted by ${user.displayName}`]);
  });

  it(`counts characters as post text does: ${IMAGE_DESCRIPTION_MAX_LENGTH} emoji are allowed, one more character is refused and nothing is posted`, async () => {
    const { user, cookie } = await member();
    const upload = await storeMedia(db(), env.MEDIA, user.id, png("long.png"), IMAGE_TYPES.png, "posts");
    const send = (description: string) =>
      multipartPost(
        "/compose",
        composeForm([["content", "Described at length"], ["returnTo", "/"], ["imageKeys", upload.key], ["describedImage", upload.key], ["imageDescription", description]]),
        { Cookie: cookie },
      );
    const tooLong = "x".repeat(IMAGE_DESCRIPTION_MAX_LENGTH + 1);
    const refused = await send(tooLong);
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain(IMAGE_DESCRIPTION_TEXTS.tooLong(1));
    // The form comes back with the image kept and its description beside it, to be cut down.
    expect(page).toContain(`name="describedImage" value="${upload.key}"`);
    expect(page).toContain(tooLong);
    expect(await postsOf(user.id)).toEqual([]);
    expect((await db().select().from(mediaUploads).where(eq(mediaUploads.key, upload.key)).get())?.postId).toBeNull();

    // Each a character as a person counts it (11 code units apiece), as post text is counted.
    const emoji = "👩‍👩‍👧‍👦".repeat(IMAGE_DESCRIPTION_MAX_LENGTH);
    const allowed = await send(emoji);
    expect(allowed.status).toBe(302);
    expect((await postsOf(user.id))[0]!.mediaDescriptions).toEqual([emoji]);
  });

  it("a description without its image is refused by its number, not lost, and nothing is posted", async () => {
    const { user, cookie } = await member();
    const refused = await multipartPost(
      "/compose",
      composeForm([["content", "One photo, two descriptions"], ["returnTo", "/"], ["imageDescription", "A cat"], ["imageDescription", "A second cat"]], [png("cat.png")]),
      { Cookie: cookie },
    );
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain(IMAGE_DESCRIPTION_TEXTS.withoutImage(2));
    // The picked file was stored: it comes back kept, with its description beside it.
    const [stored] = await db().select().from(mediaUploads).where(eq(mediaUploads.userId, user.id)).all();
    expect(page).toContain(`name="describedImage" value="${stored!.key}"`);
    expect(page).toContain("A second cat");
    expect(stored!.postId).toBeNull();
    expect(await postsOf(user.id)).toEqual([]);
  });

  it("of a subscriber-only post is not sent to a member who cannot see it, and is to a subscriber", async () => {
    const author = await createUser();
    const [stranger, subscriber] = [await createUser(), await createUser()];
    const secret = `A map of the hidden beach ${newId()}`;
    const locked = await createPost(author.id, {
      content: "For subscribers",
      isSubscriberOnly: true,
      mediaUrls: ["/media/images/posts/hidden-beach.png"],
      mediaDescriptions: [secret],
    });
    await db().insert(creatorSubscriptions).values({ id: newId(), subscriberId: subscriber.id, subscribedToId: author.id, amountCents: 499, expiresAt: new Date(Date.now() + 30 * TIME.DAY) });

    for (const path of [`/post/${locked.id}`, `/profile/${author.username}`, `/post/${locked.id}/photo/1`]) {
      const page = await (await get(path, { Cookie: await sessionCookieFor(stranger.id) })).text();
      expect(page).not.toContain(secret);
      expect(page).not.toContain(IMAGE_DESCRIPTION_TEXTS.badge);
    }
    const visitorsPage = await (await get(`/post/${locked.id}`)).text();
    expect(visitorsPage).not.toContain(secret);

    expect(await altsOn(`/post/${locked.id}`, await sessionCookieFor(subscriber.id))).toEqual([secret]);
  });

  it("is in the data download, in the images' order", async () => {
    const { user, cookie } = await member();
    const [first, second] = await Promise.all(["x", "y"].map((name) => storeMedia(db(), env.MEDIA, user.id, png(`${name}.png`), IMAGE_TYPES.png, "posts")));
    const created = await composePost(db(), user.id, {
      content: "Exported",
      location: undefined,
      visibility: "everyone",
      imageKeys: [first!.key, second!.key],
      imageDescriptions: [undefined, "Snow on a bicycle"],
    });
    if (!created.ok) throw new Error(created.message ?? "no post");
    const file = (await (await get("/settings/account/export", { Cookie: cookie, "Sec-Fetch-Site": "same-origin" })).json()) as { posts: { id: string; images: string[]; imageDescriptions: (string | null)[] }[] };
    const post = file.posts.find((entry) => entry.id === created.postId)!;
    expect(post.images).toHaveLength(2);
    expect(post.imageDescriptions).toEqual([null, "Snow on a bicycle"]);
  });
});
