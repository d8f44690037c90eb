import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { NotificationSettingsSchema, PrivacySettingsSchema, ProfileSettingsSchema, webAddress } from "~/lib/schemas/settings";
import { PROFILE_LIMITS } from "~/lib/constants";
import { SETTINGS_MESSAGES } from "~/lib/texts/settings";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

function parse<S extends typeof ProfileSettingsSchema | typeof NotificationSettingsSchema | typeof PrivacySettingsSchema>(schema: S, fields: Record<string, string>) {
  const submission = parseWithZod(form(fields), { schema });
  const reply = submission.reply();
  const errors = Object.fromEntries(Object.entries(reply.error ?? {}).map(([name, messages]) => [name, messages?.[0]]));
  const value = submission.status === "success" ? (submission.value as Record<string, unknown>) : null;
  return { value, errors };
}

describe("web addresses (spec document 2 §5: avatar URL and website in URL format)", () => {
  it.each([
    ["https://example.com", "https://example.com"],
    ["http://example.com/me?x=1#top", "http://example.com/me?x=1#top"],
    ["example.com/me", "https://example.com/me"],
    ["example.com:8080/me", "https://example.com:8080/me"],
    ["//cdn.example/a.png", "https://cdn.example/a.png"],
    ["HTTPS://EXAMPLE.COM", "HTTPS://EXAMPLE.COM"],
  ])("%s is %s", (typed, stored) => {
    expect(webAddress(typed)).toBe(stored);
  });

  it.each(["javascript:alert(1)", "JavaScript:alert(1)", "javascript://x.example/%0aalert(1)", "data:image/png;base64,AAAA", "ftp://files.example", "mailto:a@example.com", "not a web address", "https://", "http://exa mple.com", "vbscript:msgbox(1)"])(
    "%s is no web address",
    (typed) => {
      expect(webAddress(typed)).toBeNull();
    },
  );
});

describe("the profile form", () => {
  const valid = { displayName: "Ada Lovelace" };

  it("needs only a display name; empty fields are no value", () => {
    expect(parse(ProfileSettingsSchema, { ...valid, bio: "", location: "  ", website: " ", avatarUrl: "" })).toEqual({
      value: { displayName: "Ada Lovelace" },
      errors: {},
    });
  });

  it("a bio or location that shows nothing (zero-width spaces, fillers) is no value", () => {
    expect(parse(ProfileSettingsSchema, { ...valid, bio: "\u200b\u200b\n\u3164", location: "\u2060\ufeff" })).toEqual({
      value: { displayName: "Ada Lovelace" },
      errors: {},
    });
  });

  it("display name: the sign-up rules and texts", () => {
    expect(parse(ProfileSettingsSchema, {}).errors).toEqual({ displayName: "Display name is required" });
    expect(parse(ProfileSettingsSchema, { displayName: " \u0000 " }).errors).toEqual({ displayName: "Display name is required" });
    expect(parse(ProfileSettingsSchema, { displayName: "A" }).errors).toEqual({ displayName: "Display name must be at least 2 characters" });
  });

  it("website and avatar URL: http(s) only, stored with their scheme", () => {
    expect(parse(ProfileSettingsSchema, { ...valid, website: "javascript:alert(1)", avatarUrl: "data:image/png;base64,AAAA" }).errors).toEqual({
      website: SETTINGS_MESSAGES.websiteInvalid,
      avatarUrl: SETTINGS_MESSAGES.avatarUrlInvalid,
    });
    expect(parse(ProfileSettingsSchema, { ...valid, website: " example.com ", avatarUrl: "https://cdn.example/me.png" }).value).toMatchObject({
      website: "https://example.com",
      avatarUrl: "https://cdn.example/me.png",
    });
  });

  it("an avatar URL elsewhere is https only (it is fetched to be copied in, decision 080); a website may be http", () => {
    expect(parse(ProfileSettingsSchema, { ...valid, website: "http://example.com/me", avatarUrl: "http://cdn.example/me.png" }).errors).toEqual({
      avatarUrl: SETTINGS_MESSAGES.avatarUrlInvalid,
    });
    expect(parse(ProfileSettingsSchema, { ...valid, avatarUrl: "cdn.example/me.png" }).value?.avatarUrl).toBe("https://cdn.example/me.png");
  });

  it("an avatar may be a path on this site (an uploaded photo), never one that leaves it", () => {
    expect(parse(ProfileSettingsSchema, { ...valid, avatarUrl: "/media/images/avatars/abc-123.png" }).value?.avatarUrl).toBe("/media/images/avatars/abc-123.png");
    expect(parse(ProfileSettingsSchema, { ...valid, avatarUrl: "/\\evil.example/a.png" }).errors).toEqual({ avatarUrl: SETTINGS_MESSAGES.avatarUrlInvalid });
    // Not a path: a protocol-relative address elsewhere, taken as https.
    expect(parse(ProfileSettingsSchema, { ...valid, avatarUrl: "//evil.example/a.png" }).value?.avatarUrl).toBe("https://evil.example/a.png");
  });

  it("a website is refused as any other text that is not an address, and never for a bio's line breaks", () => {
    const bio = "line one\nline two";
    expect(parse(ProfileSettingsSchema, { ...valid, bio }).value?.bio).toBe(bio);
    expect(parse(ProfileSettingsSchema, { ...valid, bio: "x".repeat(PROFILE_LIMITS.bioMaxLength + 1) }).errors).toEqual({
      bio: SETTINGS_MESSAGES.bioTooLong(PROFILE_LIMITS.bioMaxLength),
    });
  });
});

describe("the notification and privacy forms", () => {
  it("a ticked box is on, a missing one off", () => {
    expect(parse(NotificationSettingsSchema, { likes: "on", emailNotifications: "on" }).value).toEqual({
      likes: true,
      reposts: false,
      comments: false,
      follows: false,
      mentions: false,
      directMessages: false,
      emailNotifications: true,
    });
  });

  it("privacy takes only its choices", () => {
    expect(parse(PrivacySettingsSchema, { profileVisibility: "private", postVisibility: "followers", allowDirectMessages: "none", showActivity: "on" }).value).toEqual({
      profileVisibility: "private",
      postVisibility: "followers",
      allowDirectMessages: "none",
      showActivity: true,
      indexProfile: false,
    });
    expect(parse(PrivacySettingsSchema, { profileVisibility: "friends", postVisibility: "public" }).errors).toEqual({
      profileVisibility: "Please choose one of the options",
      allowDirectMessages: "Please choose one of the options",
    });
  });
});

describe("an avatar address the server may fetch (decision 082)", () => {
  it("is a public web host over https on its usual port: no IP address, no local name", async () => {
    const { isPublicWebAddress } = await import("~/.server/remote-image");
    for (const address of ["https://pictures.example.com/me.png", "https://cdn.images.net:443/a.jpg", "https://Pictures.Example.COM./x"]) {
      expect(isPublicWebAddress(new URL(address)), address).toBe(true);
    }
    for (const address of [
      "http://pictures.example.com/me.png",
      "https://127.0.0.1/a.png",
      "https://10.0.0.8/a.png",
      "https://[::1]/a.png",
      "https://0x7f000001/a.png",
      "https://2130706433/a.png",
      "https://localhost/a.png",
      "https://printer.local/a.png",
      "https://wiki.corp/a.png",
      "https://intranet/a.png",
      "https://pictures.example.com:8443/me.png",
      "https://1.0.0.127.in-addr.arpa/a.png",
    ]) {
      expect(isPublicWebAddress(new URL(address)), address).toBe(false);
    }
  });
});
