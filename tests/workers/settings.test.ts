import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mediaUploads, memberSettings, users } from "~/.server/db/schema";
import { subjects } from "~/.server/limits";
import { storeMedia } from "~/.server/media";
import { fetchRemoteImage } from "~/.server/remote-image";
import { IMAGE_TYPES } from "~/lib/media-types";
import { DISPLAY_NAME_MAX_LENGTH, IMAGE_MAX_BYTES, LOCATION_MAX_LENGTH, PROFILE_LIMITS, RATE_LIMITS, type RateLimitName } from "~/lib/constants";
import { UPLOAD_MESSAGES } from "~/lib/messages";
import { SETTINGS_MESSAGES } from "~/lib/texts/settings";
import { createUser, db, fetchWorker, formPost, get, limiter, member, multipartPost, TINY_PNG, toastOf } from "./helpers";

/**
 * Settings (spec document 2 §2 "Settings", §5, §8) and the owner's avatar and banner, through the real
 * worker: each save persists and validates, answers the spec's texts, is refused to visitors and is
 * rate-limited; a replaced photo Murmur stored leaves R2.
 */

async function userRow(id: string) {
  return (await db().select().from(users).where(eq(users.id, id)).get())!;
}

async function settingsRow(id: string) {
  return (await db().select().from(memberSettings).where(eq(memberSettings.userId, id)).get())!;
}

const GOOD_PROFILE = { displayName: "Ada Lovelace", bio: "Engines\nand poems", location: "London", website: "https://ada.example/notes", avatarUrl: "" };

function profileForm(fields: Record<string, string>, returnTo?: string) {
  return { intent: "profile-settings", ...GOOD_PROFILE, ...fields, ...(returnTo ? { returnTo } : {}) };
}

/** A photo as the file input sends it. */
function photoForm(intent: "avatar" | "banner", file: File | null, returnTo?: string) {
  const body = new FormData();
  body.set("intent", intent);
  if (file) body.set("photo", file);
  if (returnTo) body.set("returnTo", returnTo);
  return body;
}

const png = (name = "me.png") => new File([TINY_PNG], name, { type: "image/png" });

async function stored(key: string) {
  return {
    object: await env.MEDIA.head(key),
    row: await db().select().from(mediaUploads).where(eq(mediaUploads.key, key)).get(),
  };
}

const keyOf = (url: string | null) => url!.replace(/^\/media\//, "");

/**
 * The one host an avatar URL elsewhere points at in these tests, answered here: globalThis.fetch is
 * replaced for pictures.example only (as Resend's API is in mail.test.ts). Unknown paths are 404.
 */
function fakeImageHost(paths: Record<string, (request: Request) => Response | Promise<Response>>) {
  const asked: string[] = [];
  const original = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.host !== "pictures.example") return original(input, init);
    asked.push(request.url);
    const answer = paths[url.pathname];
    return answer ? answer(request) : new Response("Not Found", { status: 404 });
  });
  return { asked };
}

const pngAnswer = (type = "image/png") => new Response(TINY_PNG, { headers: { "Content-Type": type } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the settings pages", () => {
  it("/settings goes to Profile; every tab is its own page, marked as current, with the footer and Sign Out", async () => {
    const { cookie } = await member();
    const root = await get("/settings", { Cookie: cookie });
    expect(root.status).toBe(302);
    expect(root.headers.get("Location")).toBe("/settings/profile");
    for (const [path, label, text] of [
      ["/settings/profile", "Profile", "Save Changes"],
      ["/settings/notifications", "Notifications", "Direct Messages"],
      ["/settings/privacy", "Privacy &amp; Safety", "Who can send you direct messages"],
      ["/settings/appearance", "Appearance", "Dark mode"],
      ["/settings/accessibility", "Accessibility", "will be available in a future update"],
      ["/settings/help", "Help Center", "Terms of Service"],
    ] as const) {
      const response = await get(path, { Cookie: cookie });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toMatch(new RegExp(`<a[^>]*aria-current="page"[^>]*href="${path}"|<a[^>]*href="${path}"[^>]*aria-current="page"`));
      expect(html, path).toContain(`>${label}</span>`);
      expect(html, path).toContain(text);
      expect(html, path).toContain("Sign Out");
      expect(html, path).toContain("Privacy Policy"); // the site footer (spec: a footer on settings)
    }
    // The forms' pages read with the session: one D1 round trip.
    for (const path of ["/settings/profile", "/settings/notifications", "/settings/privacy"]) {
      expect(Number((await get(path, { Cookie: cookie })).headers.get("X-D1-Depth")), path).toBe(1);
    }
  });

  it("a visitor is sent to sign in", async () => {
    for (const path of ["/settings/profile", "/settings/notifications", "/settings/privacy"]) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toMatch(/^\/auth\?returnTo=/);
    }
  });
});

describe("Profile tab (spec document 2 §2, §5)", () => {
  it("saves every field: 'Profile updated successfully!', and the page and the profile show them", async () => {
    const { user, cookie } = await member();
    const response = await fetchWorker(formPost("/settings/profile", profileForm({ website: "ada.example/me" }, "/settings/profile"), { Cookie: cookie }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings/profile");
    expect(toastOf(response)).toBe("Profile updated successfully!");
    const row = await userRow(user.id);
    // A website without its scheme means https.
    expect(row).toMatchObject({ displayName: "Ada Lovelace", bio: "Engines\nand poems", location: "London", website: "https://ada.example/me", avatarUrl: null });
    const page = await (await get("/settings/profile", { Cookie: cookie })).text();
    for (const value of ['value="Ada Lovelace"', "Engines\nand poems</textarea>", 'value="London"', 'value="https://ada.example/me"']) expect(page).toContain(value);
    const profile = await (await get("/profile", { Cookie: cookie })).text();
    expect(profile).toContain('href="https://ada.example/me"');
    // With JavaScript (a fetcher): the same save answers data with the toast's text.
    const fetched = await fetchWorker(formPost("/settings/profile.data", profileForm({ bio: "" }), { Cookie: cookie }));
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toContain("Profile updated successfully!");
    // An emptied field is cleared.
    expect((await userRow(user.id)).bio).toBeNull();
    // A protocol-relative address is an https one elsewhere, never a path on this site: it is copied in.
    const host = fakeImageHost({ "/x.png": () => pngAnswer() });
    await fetchWorker(formPost("/settings/profile.data", profileForm({ avatarUrl: "//pictures.example/x.png" }), { Cookie: cookie }));
    expect(host.asked).toEqual(["https://pictures.example/x.png"]);
    expect((await userRow(user.id)).avatarUrl).toMatch(/^\/media\/images\/avatars\/.+\.png$/);
  });

  it.each([
    ["a blank display name", { displayName: "   " }, "displayName", "Display name is required"],
    ["a one-letter display name", { displayName: "A" }, "displayName", "Display name must be at least 2 characters"],
    ["a too long display name", { displayName: "n".repeat(DISPLAY_NAME_MAX_LENGTH + 1) }, "displayName", `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`],
    ["a too long bio", { bio: "b".repeat(PROFILE_LIMITS.bioMaxLength + 1) }, "bio", SETTINGS_MESSAGES.bioTooLong(PROFILE_LIMITS.bioMaxLength)],
    ["a too long location", { location: "l".repeat(LOCATION_MAX_LENGTH + 1) }, "location", SETTINGS_MESSAGES.locationTooLong(LOCATION_MAX_LENGTH)],
    ["a website that is not an address", { website: "not a web address" }, "website", SETTINGS_MESSAGES.websiteInvalid],
    ["a javascript: website", { website: "javascript:alert(document.cookie)" }, "website", SETTINGS_MESSAGES.websiteInvalid],
    ["a javascript:// website", { website: "javascript://example.com/%0aalert(1)" }, "website", SETTINGS_MESSAGES.websiteInvalid],
    ["a data: website", { website: "data:text/html,<script>alert(1)</script>" }, "website", SETTINGS_MESSAGES.websiteInvalid],
    ["an ftp website", { website: "ftp://files.example" }, "website", SETTINGS_MESSAGES.websiteInvalid],
    ["a too long website", { website: `https://example.com/${"w".repeat(PROFILE_LIMITS.urlMaxLength)}` }, "website", SETTINGS_MESSAGES.urlTooLong(PROFILE_LIMITS.urlMaxLength)],
    ["a javascript: avatar URL", { avatarUrl: "javascript:alert(1)" }, "avatarUrl", SETTINGS_MESSAGES.avatarUrlInvalid],
    ["another member's stored avatar", { avatarUrl: "/media/images/avatars/someone-elses.png" }, "avatarUrl", SETTINGS_MESSAGES.avatarUrlInvalid],
  ])("%s is refused with a clear message, keeps what was typed, and changes nothing", async (_what, fields, field, message) => {
    const { user, cookie } = await member({ displayName: "Before Save", bio: "unchanged" });
    const typed = profileForm(fields);
    const page = await fetchWorker(formPost("/settings/profile", { ...typed, returnTo: "/settings/profile" }, { Cookie: cookie }));
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain(message.replaceAll("'", "&#x27;"));
    expect(html).toContain(`aria-invalid="true"`);
    expect(html).toMatch(new RegExp(`id="[^"]*${field}[^"]*"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="[^"]*${field}`));
    // What was typed comes back in the form.
    const shown = String(typed[field as keyof typeof typed]).slice(0, 40).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
    if (shown.trim()) expect(html).toContain(shown);
    // With JavaScript: 400 with the errors for the form.
    const fetched = await fetchWorker(formPost("/settings/profile.data", typed, { Cookie: cookie }));
    expect(fetched.status).toBe(400);
    expect(await fetched.text()).toContain(message);
    expect(await userRow(user.id)).toMatchObject({ displayName: "Before Save", bio: "unchanged" });
  });

  it("control characters are cleaned, and a bio counts characters as people see them", async () => {
    const { user, cookie } = await member();
    const bio = "👩‍👩‍👧‍👦".repeat(PROFILE_LIMITS.bioMaxLength); // 160 characters, 11 code units each
    const response = await fetchWorker(formPost("/settings/profile.data", profileForm({ displayName: "Ada\u0000 Byron", bio, location: "Lon\ndon" }), { Cookie: cookie }));
    expect(response.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ displayName: "Ada Byron", bio, location: "Lon don" });
  });

  it("is refused to a visitor and changes nothing", async () => {
    const someone = await createUser({ displayName: "Untouched" });
    const fetched = await fetchWorker(formPost("/settings/profile.data", profileForm({})));
    expect(fetched.status).toBe(401);
    const page = await fetchWorker(formPost("/settings/profile", profileForm({}, "/settings/profile")));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/auth?${new URLSearchParams({ returnTo: "/settings/profile" })}`);
    expect((await userRow(someone.id)).displayName).toBe("Untouched");
  });
});

describe("Notifications and Privacy & Safety tabs (persisted: docs/decisions/030)", () => {
  it("notifications start at the spec's defaults, save, and come back", async () => {
    const { user, cookie } = await member();
    const before = await (await get("/settings/notifications", { Cookie: cookie })).text();
    // All on except email.
    expect(before.match(/<input[^>]*type="checkbox"[^>]*>/g)!.filter((tag) => tag.includes("checked"))).toHaveLength(6);
    const response = await fetchWorker(formPost("/settings/notifications", { intent: "notification-settings", likes: "on", mentions: "on", emailNotifications: "on", returnTo: "/settings/notifications" }, { Cookie: cookie }));
    expect(response.status).toBe(302);
    expect(toastOf(response)).toBe(SETTINGS_MESSAGES.notificationsSaved);
    expect(await settingsRow(user.id)).toMatchObject({
      notifyLikes: true,
      notifyReposts: false,
      notifyComments: false,
      notifyFollows: false,
      notifyMentions: true,
      notifyDirectMessages: false,
      emailNotifications: true,
    });
    const after = await (await get("/settings/notifications", { Cookie: cookie })).text();
    const checked = after.match(/<input[^>]*type="checkbox"[^>]*>/g)!.filter((tag) => tag.includes("checked"));
    expect(checked.map((tag) => tag.match(/name="(\w+)"/)![1])).toEqual(["likes", "mentions", "emailNotifications"]);
  });

  it("privacy saves, comes back, and counts as a public profile change (users.updated_at)", async () => {
    const { user, cookie } = await member();
    const before = (await userRow(user.id)).updatedAt.getTime();
    const fields = { intent: "privacy-settings", profileVisibility: "private", postVisibility: "followers", allowDirectMessages: "following", indexProfile: "on" };
    const fetched = await fetchWorker(formPost("/settings/privacy.data", fields, { Cookie: cookie }));
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toContain(SETTINGS_MESSAGES.privacySaved);
    expect(await settingsRow(user.id)).toMatchObject({ profileVisibility: "private", postVisibility: "followers", allowDirectMessages: "following", showActivity: false, indexProfile: true });
    expect((await userRow(user.id)).updatedAt.getTime()).toBeGreaterThan(before);
    const page = await (await get("/settings/privacy", { Cookie: cookie })).text();
    expect(page).toMatch(/<input[^>]*value="private"[^>]*checked|<input[^>]*checked[^>]*value="private"/);
    expect(page).toMatch(/<option[^>]*value="following"[^>]*selected|<option[^>]*selected[^>]*value="following"/);
  });

  it("a member without a settings row has the defaults, and saving makes the row", async () => {
    const { user, cookie } = await member();
    await db().delete(memberSettings).where(eq(memberSettings.userId, user.id));
    const page = await get("/settings/privacy", { Cookie: cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<input[^>]*value="public"[^>]*checked|<input[^>]*checked[^>]*value="public"/);
    const saved = await fetchWorker(formPost("/settings/notifications.data", { intent: "notification-settings", follows: "on" }, { Cookie: cookie }));
    expect(saved.status).toBe(200);
    expect(await settingsRow(user.id)).toMatchObject({ notifyFollows: true, notifyLikes: false, profileVisibility: "public" });
  });

  it("an unknown choice is refused and changes nothing; a visitor is refused", async () => {
    const { user, cookie } = await member();
    const refused = await fetchWorker(formPost("/settings/privacy.data", { intent: "privacy-settings", profileVisibility: "secret", postVisibility: "public", allowDirectMessages: "everyone" }, { Cookie: cookie }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please choose one of the options");
    expect((await settingsRow(user.id)).profileVisibility).toBe("public");
    const visitor = await fetchWorker(formPost("/settings/notifications.data", { intent: "notification-settings" }));
    expect(visitor.status).toBe(401);
    // The settings forms serve only their own intents.
    const wrong = await fetchWorker(formPost("/settings/notifications.data", { intent: "privacy-settings", profileVisibility: "private", postVisibility: "public", allowDirectMessages: "none" }, { Cookie: cookie }));
    expect(wrong.status).toBe(400);
    expect((await settingsRow(user.id)).allowDirectMessages).toBe("everyone");
  });
});

describe("avatar and banner (spec document 2 §2 'The owner can upload an avatar and a banner')", () => {
  it("an avatar from the profile: stored, shown, the spec's toast; a new one deletes the old from R2", async () => {
    const { user, cookie } = await member();
    const first = await multipartPost("/profile?index", photoForm("avatar", png(), "/profile"), { Cookie: cookie });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/profile");
    expect(toastOf(first)).toBe("Profile photo updated successfully!");
    const firstUrl = (await userRow(user.id)).avatarUrl;
    expect(firstUrl).toMatch(/^\/media\/images\/avatars\/[a-z0-9-]+\.png$/);
    expect((await stored(keyOf(firstUrl))).object).not.toBeNull();
    expect(await (await get("/profile", { Cookie: cookie })).text()).toContain(`src="${firstUrl}"`);
    const served = await get(firstUrl!, { Cookie: cookie });
    expect(served.headers.get("Content-Type")).toBe("image/png");

    // With JavaScript: data with the toast's text.
    const second = await multipartPost("/profile.data?index", photoForm("avatar", png("again.png")), { Cookie: cookie });
    expect(second.status).toBe(200);
    expect(await second.text()).toContain("Profile photo updated successfully!");
    const secondUrl = (await userRow(user.id)).avatarUrl;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await stored(keyOf(firstUrl))).toEqual({ object: null, row: undefined });
    expect((await stored(keyOf(secondUrl))).object).not.toBeNull();
  });

  it("a banner: 'Banner photo updated successfully!', and the replaced one leaves R2", async () => {
    const { user, cookie } = await member();
    const first = await multipartPost("/profile?index", photoForm("banner", png(), "/profile"), { Cookie: cookie });
    expect(toastOf(first)).toBe("Banner photo updated successfully!");
    const firstUrl = (await userRow(user.id)).bannerUrl;
    expect(firstUrl).toMatch(/^\/media\/images\/banners\//);
    await multipartPost("/profile?index", photoForm("banner", png(), "/profile"), { Cookie: cookie });
    const secondUrl = (await userRow(user.id)).bannerUrl;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await stored(keyOf(firstUrl))).object).toBeNull();
    expect(await (await get("/profile", { Cookie: cookie })).text()).toContain(`src="${secondUrl}"`);
    // The avatar is another photo: untouched.
    expect((await userRow(user.id)).avatarUrl).toBeNull();
  });

  it("from the settings' Profile tab too", async () => {
    const { user, cookie } = await member();
    const response = await multipartPost("/settings/profile", photoForm("avatar", png(), "/settings/profile"), { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings/profile");
    expect(toastOf(response)).toBe("Profile photo updated successfully!");
    expect((await userRow(user.id)).avatarUrl).toMatch(/^\/media\/images\/avatars\//);
  });

  it.each([
    ["a text file", new File(["hello, not a picture"], "notes.txt", { type: "text/plain" }), UPLOAD_MESSAGES.selectImage],
    ["a text file named .png", new File(["hello, not a picture"], "fake.png", { type: "image/png" }), UPLOAD_MESSAGES.imageFormats],
    ["a video", new File([new Uint8Array([0, 0, 0, 16, 102, 116, 121, 112, 109, 112, 52, 50, 0, 0, 0, 0])], "clip.mp4", { type: "video/mp4" }), UPLOAD_MESSAGES.selectImage],
    ["an image over 5MB", new File([TINY_PNG, new Uint8Array(5 * 1024 * 1024)], "huge.png", { type: "image/png" }), UPLOAD_MESSAGES.imageTooLarge],
    ["no file", null, SETTINGS_MESSAGES.noPhoto],
  ])("%s is refused: the spec's failure toast and the upload's reason; nothing is stored", async (_what, file, reason) => {
    const { user, cookie } = await member();
    const fetched = await multipartPost("/profile.data?index", photoForm("avatar", file), { Cookie: cookie });
    expect(fetched.status).toBe(400);
    const answer = await fetched.text();
    expect(answer).toContain("Failed to update profile photo");
    expect(answer).toContain(reason);
    // Without JavaScript: the profile again, with the failure and the reason beside the file input.
    const page = await multipartPost("/profile?index", photoForm("avatar", file, "/profile"), { Cookie: cookie });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("Failed to update profile photo");
    expect(html).toContain(reason.replaceAll("'", "&#x27;"));
    expect((await userRow(user.id)).avatarUrl).toBeNull();
    expect(await db().select().from(mediaUploads).where(eq(mediaUploads.userId, user.id)).all()).toEqual([]);
    // The banner says its own text.
    const banner = await multipartPost("/profile.data?index", photoForm("banner", file), { Cookie: cookie });
    expect(await banner.text()).toContain("Failed to update banner photo");
  });

  it("another member's photo is never deleted, nor a post's image, whatever the avatar URL says", async () => {
    const other = await member();
    await multipartPost("/profile.data?index", photoForm("avatar", png()), { Cookie: other.cookie });
    const theirs = (await userRow(other.user.id)).avatarUrl!;
    const { user, cookie } = await member();
    const postImage = await storeMedia(db(), env.MEDIA, user.id, png(), IMAGE_TYPES.png, "posts");
    // Pointed at directly (as a demo member's site path is), then replaced.
    for (const url of [theirs, postImage.url]) {
      await db().update(users).set({ avatarUrl: url }).where(eq(users.id, user.id));
      await multipartPost("/profile.data?index", photoForm("avatar", png()), { Cookie: cookie });
      expect((await userRow(user.id)).avatarUrl).not.toBe(url);
      expect((await stored(keyOf(url))).object, url).not.toBeNull();
    }
  });

  it("is refused to a visitor, and nothing is stored", async () => {
    const before = (await env.MEDIA.list({ prefix: "images/avatars/" })).objects.length;
    const fetched = await multipartPost("/profile.data?index", photoForm("avatar", png()));
    expect(fetched.status).toBe(401);
    const page = await multipartPost("/profile?index", photoForm("avatar", png(), "/profile"));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/auth\?returnTo=/);
    expect((await env.MEDIA.list({ prefix: "images/avatars/" })).objects.length).toBe(before);
  });
});

describe("an avatar URL elsewhere is copied into Murmur when saved (docs/decisions/080)", () => {
  const avatarRows = (userId: string) => db().select().from(mediaUploads).where(eq(mediaUploads.userId, userId)).all();

  it("fetched once by the server, stored in R2 as the member's avatar and served from /media: no page names that host", async () => {
    const { user, cookie } = await member();
    const host = fakeImageHost({ "/me.png": () => pngAnswer() });
    const response = await fetchWorker(formPost("/settings/profile", profileForm({ avatarUrl: "https://pictures.example/me.png" }, "/settings/profile"), { Cookie: cookie }));
    expect(response.status).toBe(302);
    expect(toastOf(response)).toBe("Profile updated successfully!");
    expect(host.asked).toEqual(["https://pictures.example/me.png"]);
    const url = (await userRow(user.id)).avatarUrl;
    expect(url).toMatch(/^\/media\/images\/avatars\/[a-z0-9-]+\.png$/);
    expect(await avatarRows(user.id)).toMatchObject([{ key: keyOf(url), purpose: "avatars", contentType: "image/png", width: 1, height: 1 }]);
    expect((await stored(keyOf(url))).object).not.toBeNull();
    const served = await get(url!);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    for (const path of ["/profile", "/settings/profile"]) {
      const html = await (await get(path, { Cookie: cookie })).text();
      expect(html, path).toContain(`src="${url}"`);
      expect(html, path).not.toContain("pictures.example");
    }
    // The form now shows the copy's address: saving it again asks the host nothing.
    await fetchWorker(formPost("/settings/profile.data", profileForm({ avatarUrl: url! }), { Cookie: cookie }));
    expect(host.asked).toHaveLength(1);
    expect((await userRow(user.id)).avatarUrl).toBe(url);
  });

  it("a redirect to another https address is followed", async () => {
    const { user, cookie } = await member();
    const host = fakeImageHost({ "/moved": () => Response.redirect("https://pictures.example/me.png", 302), "/me.png": () => pngAnswer() });
    const response = await fetchWorker(formPost("/settings/profile.data", profileForm({ avatarUrl: "https://pictures.example/moved" }), { Cookie: cookie }));
    expect(response.status).toBe(200);
    expect(host.asked).toEqual(["https://pictures.example/moved", "https://pictures.example/me.png"]);
    expect((await userRow(user.id)).avatarUrl).toMatch(/^\/media\/images\/avatars\//);
  });

  const overLimit = () => new Uint8Array(IMAGE_MAX_BYTES + 1);
  it.each([
    ["a web page", "/page", () => new Response("<!doctype html><title>Hi</title>", { headers: { "Content-Type": "text/html" } }), SETTINGS_MESSAGES.avatarUrlNotImage],
    ["text that says it is a PNG", "/fake.png", () => new Response("hello, not a picture", { headers: { "Content-Type": "image/png" } }), SETTINGS_MESSAGES.avatarUrlNotImage],
    ["an SVG (not an image type Murmur takes)", "/me.svg", () => new Response('<svg xmlns="http://www.w3.org/2000/svg"/>', { headers: { "Content-Type": "image/svg+xml" } }), SETTINGS_MESSAGES.avatarUrlNotImage],
    ["an image over 5MB, by its Content-Length", "/huge.png", () => new Response(overLimit(), { headers: { "Content-Type": "image/png" } }), UPLOAD_MESSAGES.imageTooLarge],
    [
      "an image over 5MB, sent without a length",
      "/stream.png",
      () => new Response(new Blob([TINY_PNG, overLimit()]).stream(), { headers: { "Content-Type": "image/png" } }),
      UPLOAD_MESSAGES.imageTooLarge,
    ],
    ["an address that answers 404", "/missing.png", null, SETTINGS_MESSAGES.avatarUrlUnreachable],
    [
      "a host that cannot be reached",
      "/down.png",
      () => {
        throw new TypeError("Network connection lost.");
      },
      SETTINGS_MESSAGES.avatarUrlUnreachable,
    ],
    ["a redirect to plain http", "/to-http", () => Response.redirect("http://pictures.example/me.png", 302), SETTINGS_MESSAGES.avatarUrlUnreachable],
    ["redirects without end", "/loop", () => Response.redirect("https://pictures.example/loop", 302), SETTINGS_MESSAGES.avatarUrlUnreachable],
  ])("%s is refused beside the avatar URL field, and nothing changes", async (_what, path, answer, message) => {
    const { user, cookie } = await member({ displayName: "Before Save" });
    await multipartPost("/profile.data?index", photoForm("avatar", png()), { Cookie: cookie });
    const before = (await userRow(user.id)).avatarUrl;
    const host = fakeImageHost({ "/me.png": () => pngAnswer(), ...(answer ? { [path]: answer } : {}) });
    const typed = profileForm({ displayName: "After Save", avatarUrl: `https://pictures.example${path}` });
    const page = await fetchWorker(formPost("/settings/profile", { ...typed, returnTo: "/settings/profile" }, { Cookie: cookie }));
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain(message);
    expect(html).toMatch(/id="[^"]*avatarUrl[^"]*"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="[^"]*avatarUrl/);
    expect(html).toContain(`value="https://pictures.example${path}"`);
    const fetched = await fetchWorker(formPost("/settings/profile.data", typed, { Cookie: cookie }));
    expect(fetched.status).toBe(400);
    expect(await fetched.text()).toContain(message);
    expect(host.asked.every((url) => url.startsWith("https://"))).toBe(true);
    expect(await userRow(user.id)).toMatchObject({ displayName: "Before Save", avatarUrl: before });
    expect(await avatarRows(user.id)).toHaveLength(1);
    expect((await stored(keyOf(before))).object).not.toBeNull();
  });

  it("a plain http address is refused before anything is fetched", async () => {
    const { user, cookie } = await member({ displayName: "Before Save" });
    const host = fakeImageHost({ "/me.png": () => pngAnswer() });
    const fetched = await fetchWorker(formPost("/settings/profile.data", profileForm({ displayName: "After Save", avatarUrl: "http://pictures.example/me.png" }), { Cookie: cookie }));
    expect(fetched.status).toBe(400);
    expect(await fetched.text()).toContain(SETTINGS_MESSAGES.avatarUrlInvalid);
    expect(host.asked).toEqual([]);
    expect(await userRow(user.id)).toMatchObject({ displayName: "Before Save", avatarUrl: null });
  });

  it("a host that does not answer in time is given up", async () => {
    fakeImageHost({
      "/slow.png": (request) => new Promise<Response>((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason))),
    });
    const started = Date.now();
    expect(await fetchRemoteImage("https://pictures.example/slow.png", { timeoutMs: 50 })).toEqual({ ok: false, reason: "unreachable" });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("the avatar a copy replaces leaves R2, whether it was uploaded or copied in", async () => {
    const { user, cookie } = await member();
    fakeImageHost({ "/one.png": () => pngAnswer(), "/two.png": () => pngAnswer() });
    await multipartPost("/profile.data?index", photoForm("avatar", png()), { Cookie: cookie });
    const uploaded = (await userRow(user.id)).avatarUrl;
    await fetchWorker(formPost("/settings/profile.data", profileForm({ avatarUrl: "https://pictures.example/one.png" }), { Cookie: cookie }));
    const first = (await userRow(user.id)).avatarUrl;
    expect(first).toMatch(/^\/media\/images\/avatars\//);
    expect(await stored(keyOf(uploaded))).toEqual({ object: null, row: undefined });
    await fetchWorker(formPost("/settings/profile.data", profileForm({ avatarUrl: "https://pictures.example/two.png" }), { Cookie: cookie }));
    const second = (await userRow(user.id)).avatarUrl;
    expect(second).not.toBe(first);
    expect(await stored(keyOf(first))).toEqual({ object: null, row: undefined });
    expect((await stored(keyOf(second))).object).not.toBeNull();
    // Cleared: the copy goes too.
    await fetchWorker(formPost("/settings/profile.data", profileForm({ avatarUrl: "" }), { Cookie: cookie }));
    expect((await userRow(user.id)).avatarUrl).toBeNull();
    expect(await avatarRows(user.id)).toEqual([]);
  });

  it("an address elsewhere saved before copies were made shows the default avatar, and saving the profile copies it in", async () => {
    const { user, cookie } = await member();
    await db().update(users).set({ avatarUrl: "https://pictures.example/old.png" }).where(eq(users.id, user.id));
    const profile = await (await get("/profile", { Cookie: cookie })).text();
    // No image asks that host (the address stays in the page's data, for the settings form).
    expect(profile).not.toMatch(/<img[^>]*pictures\.example/);
    expect(profile).toContain(`<img src="/default-avatar.svg" alt="${user.displayName}&#x27;s avatar"`);
    const host = fakeImageHost({ "/old.png": () => pngAnswer() });
    await fetchWorker(formPost("/settings/profile.data", profileForm({ avatarUrl: "https://pictures.example/old.png" }), { Cookie: cookie }));
    expect(host.asked).toEqual(["https://pictures.example/old.png"]);
    expect((await userRow(user.id)).avatarUrl).toMatch(/^\/media\/images\/avatars\//);
  });

  it("the page's Content-Security-Policy loads images from Murmur only", async () => {
    const { cookie } = await member();
    for (const path of ["/settings/profile", "/profile", "/auth"]) {
      const csp = (await get(path, path === "/auth" ? {} : { Cookie: cookie })).headers.get("Content-Security-Policy") ?? "";
      const images = csp.split(";").map((part) => part.trim()).find((part) => part.startsWith("img-src"));
      expect(images, path).toBe("img-src 'self' data: blob:");
    }
  });
});

describe("a limit on every settings write", () => {
  async function spend(userId: string, name: RateLimitName) {
    expect(await limiter().hit([subjects.member(userId)], name, { count: RATE_LIMITS[name].max })).toEqual({ allowed: true });
  }

  it.each([
    ["profile", "/settings/profile", profileForm({ displayName: "Too Often" })],
    ["notifications", "/settings/notifications", { intent: "notification-settings" }],
    ["privacy", "/settings/privacy", { intent: "privacy-settings", profileVisibility: "private", postVisibility: "public", allowDirectMessages: "none" }],
  ])("%s: 429 with Retry-After and what to do, and nothing changes", async (_what, path, fields) => {
    const { user, cookie } = await member({ displayName: "Kept Name" });
    await spend(user.id, "settings");
    const fetched = await fetchWorker(formPost(`${path}.data`, fields, { Cookie: cookie }));
    expect(fetched.status).toBe(429);
    expect(Number(fetched.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await fetched.text()).toContain("You're doing that too often. Please wait");
    const page = await fetchWorker(formPost(path, { ...fields, returnTo: path }, { Cookie: cookie }));
    expect(page.status).toBe(429);
    expect((await userRow(user.id)).displayName).toBe("Kept Name");
    expect(await settingsRow(user.id)).toMatchObject({ notifyLikes: true, profileVisibility: "public", allowDirectMessages: "everyone" });
  });

  it("photos: 429, and nothing is stored", async () => {
    const { user, cookie } = await member();
    await spend(user.id, "profilePhoto");
    for (const intent of ["avatar", "banner"] as const) {
      const response = await multipartPost("/profile.data?index", photoForm(intent, png()), { Cookie: cookie });
      expect(response.status).toBe(429);
      expect(response.headers.get("Retry-After")).toBeTruthy();
    }
    expect(await db().select().from(mediaUploads).where(eq(mediaUploads.userId, user.id)).all()).toEqual([]);
    expect(await userRow(user.id)).toMatchObject({ avatarUrl: null, bannerUrl: null });
  });
});
