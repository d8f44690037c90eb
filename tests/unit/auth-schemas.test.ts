import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "~/lib/texts/account";
import { ChangePasswordSchema, DeleteAccountSchema, SignInSchema, SignUpSchema } from "~/lib/schemas/auth";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** The first message per field, as the form shows it. */
function errors(schema: typeof SignInSchema | typeof SignUpSchema | typeof ChangePasswordSchema | typeof DeleteAccountSchema, fields: Record<string, string>) {
  const reply = parseWithZod(form(fields), { schema }).reply();
  return Object.fromEntries(Object.entries(reply.error ?? {}).map(([name, messages]) => [name, messages?.[0]]));
}

const validSignUp = {
  displayName: "Ada Lovelace",
  username: "ada_1815",
  email: "ada@example.com",
  password: "engine",
  confirmPassword: "engine",
};

describe("sign-in rules (spec §5)", () => {
  it("e-mail is required: 'Email is required'", () => {
    expect(errors(SignInSchema, { password: "secret1" })).toEqual({ email: "Email is required" });
  });
  it("e-mail must be valid: 'Invalid email'", () => {
    expect(errors(SignInSchema, { email: "not-an-email", password: "secret1" })).toEqual({ email: "Invalid email" });
    expect(errors(SignInSchema, { email: "a@b", password: "secret1" })).toEqual({ email: "Invalid email" });
  });
  it("password is required: 'Password is required'", () => {
    expect(errors(SignInSchema, { email: "a@example.com" })).toEqual({ password: "Password is required" });
  });
  it("password has at least 6 characters: 'Password must be at least 6 characters'", () => {
    expect(errors(SignInSchema, { email: "a@example.com", password: "12345" })).toEqual({
      password: "Password must be at least 6 characters",
    });
    expect(errors(SignInSchema, { email: "a@example.com", password: "123456" })).toEqual({});
  });
  it("an empty form gets both required messages", () => {
    expect(errors(SignInSchema, {})).toEqual({ email: "Email is required", password: "Password is required" });
  });
  it("the e-mail is trimmed and lower-cased", () => {
    const submission = parseWithZod(form({ email: "  Ada@Example.COM ", password: "secret1" }), { schema: SignInSchema });
    expect(submission.status === "success" && submission.value.email).toBe("ada@example.com");
  });
});

describe("sign-up rules (spec §5)", () => {
  it("a complete, valid form passes", () => {
    expect(errors(SignUpSchema, validSignUp)).toEqual({});
  });
  it("confirm password is required: 'Confirm password is required'", () => {
    const { confirmPassword: _, ...rest } = validSignUp;
    expect(errors(SignUpSchema, rest).confirmPassword).toBe("Confirm password is required");
  });
  it("passwords must match: 'Passwords must match'", () => {
    expect(errors(SignUpSchema, { ...validSignUp, confirmPassword: "engines" })).toEqual({
      confirmPassword: "Passwords must match",
    });
  });
  it("username is required: 'Username is required'", () => {
    const { username: _, ...rest } = validSignUp;
    expect(errors(SignUpSchema, rest)).toEqual({ username: "Username is required" });
  });
  it("username has at least 3 characters: 'Username must be at least 3 characters'", () => {
    expect(errors(SignUpSchema, { ...validSignUp, username: "ab" })).toEqual({
      username: "Username must be at least 3 characters",
    });
    expect(errors(SignUpSchema, { ...validSignUp, username: "abc" })).toEqual({});
  });
  it("username has at most 30 letters, digits or underscores", () => {
    expect(errors(SignUpSchema, { ...validSignUp, username: "a".repeat(30) })).toEqual({});
    expect(errors(SignUpSchema, { ...validSignUp, username: "a".repeat(31) })).toEqual({
      username: "Username must be at most 30 characters",
    });
    for (const bad of ["ada lovelace", "ada-l", "ada.l", "adä", "ada@x"]) {
      expect(errors(SignUpSchema, { ...validSignUp, username: bad })).toEqual({
        username: "Username can only contain letters, numbers and underscores",
      });
    }
  });
  it("display name is required: 'Display name is required'", () => {
    const { displayName: _, ...rest } = validSignUp;
    expect(errors(SignUpSchema, rest)).toEqual({ displayName: "Display name is required" });
  });
  it("display name has at least 2 characters: 'Display name must be at least 2 characters'", () => {
    expect(errors(SignUpSchema, { ...validSignUp, displayName: "A" })).toEqual({
      displayName: "Display name must be at least 2 characters",
    });
    expect(errors(SignUpSchema, { ...validSignUp, displayName: " A " })).toEqual({
      displayName: "Display name must be at least 2 characters",
    });
  });
  it("sign-up also applies the sign-in rules to e-mail and password", () => {
    expect(errors(SignUpSchema, { ...validSignUp, email: "nope" }).email).toBe("Invalid email");
    expect(errors(SignUpSchema, { ...validSignUp, password: "12345", confirmPassword: "12345" }).password).toBe(
      "Password must be at least 6 characters",
    );
  });
  it("fields of only spaces are as missing as empty ones", () => {
    expect(errors(SignUpSchema, { ...validSignUp, displayName: "   ", username: " ", email: "  " })).toEqual({
      displayName: "Display name is required",
      username: "Username is required",
      email: "Email is required",
    });
  });
  it("an empty form gets every required message", () => {
    expect(errors(SignUpSchema, {})).toEqual({
      displayName: "Display name is required",
      username: "Username is required",
      email: "Email is required",
      password: "Password is required",
      confirmPassword: "Confirm password is required",
    });
  });
});

describe("control characters and bidi controls (robustness)", () => {
  const value = (fields: Record<string, string>) => {
    const submission = parseWithZod(form({ ...validSignUp, ...fields }), { schema: SignUpSchema });
    return submission.status === "success" ? submission.value : null;
  };

  it("a display name loses its controls and is one line", () => {
    expect(value({ displayName: "Ada\u0000 Love\u0007lace\u0085\u009b" })?.displayName).toBe("Ada Lovelace");
    expect(value({ displayName: "Ada\r\nLovelace\tthe first" })?.displayName).toBe("Ada Lovelace the first");
  });

  it("a display name of only control characters: 'Display name is required'", () => {
    expect(errors(SignUpSchema, { ...validSignUp, displayName: "\u0000\u0007\u001b\u007f\u0085\r\n" })).toEqual({
      displayName: "Display name is required",
    });
  });

  it("a display name that shows nothing, or only direction overrides, is 'Display name is required'", () => {
    for (const displayName of ["\u202e\u202e", "\u200b\u200b", "\u3164\u3164", "\u2066\u2069 \u200d"]) {
      expect(errors(SignUpSchema, { ...validSignUp, displayName })).toEqual({ displayName: "Display name is required" });
    }
  });

  it("a display name loses direction embeddings, overrides and isolates, and keeps its letters", () => {
    expect(value({ displayName: "\u202eAda Lovelace\u202c" })?.displayName).toBe("Ada Lovelace");
    expect(value({ displayName: "\u2067نور\u2069" })?.displayName).toBe("نور");
  });

  it("a display name left with one letter: 'Display name must be at least 2 characters'", () => {
    expect(errors(SignUpSchema, { ...validSignUp, displayName: "A\u0000\u0000" })).toEqual({
      displayName: "Display name must be at least 2 characters",
    });
  });

  it("an e-mail loses its controls before it is checked as an address", () => {
    expect(value({ email: "ada\u0000@example.com\r\n" })?.email).toBe("ada@example.com");
    expect(errors(SignUpSchema, { ...validSignUp, email: "\u0000\u0085" })).toEqual({ email: "Email is required" });
  });

  it("a username with U+202E or any other bidi control is refused", () => {
    const bidi = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c"];
    for (const control of bidi) {
      expect(errors(SignUpSchema, { ...validSignUp, username: `ada${control}nimda` })).toEqual({
        username: "Username can only contain letters, numbers and underscores",
      });
    }
  });

  it("a username with a control character is refused, not cleaned", () => {
    for (const control of ["\u0000", "\u0007", "\u0085"]) {
      expect(errors(SignUpSchema, { ...validSignUp, username: `ada${control}` })).toEqual({
        username: "Username can only contain letters, numbers and underscores",
      });
    }
  });
});

describe("Settings › Account's rules (docs/decisions/074)", () => {
  const change = { currentPassword: "old-one", password: "new-one", confirmPassword: "new-one" };
  it("a new password: sign-up's rules and texts, confirmed, and not the current one", () => {
    expect(errors(ChangePasswordSchema, change)).toEqual({});
    expect(errors(ChangePasswordSchema, { ...change, password: "12345", confirmPassword: "12345" })).toEqual({ password: "Password must be at least 6 characters" });
    expect(errors(ChangePasswordSchema, { ...change, confirmPassword: "new-two" })).toEqual({ confirmPassword: "Passwords must match" });
    expect(errors(ChangePasswordSchema, { ...change, password: "old-one", confirmPassword: "old-one" })).toEqual({ password: ACCOUNT_MESSAGES.samePassword });
    expect(errors(ChangePasswordSchema, { password: "new-one", confirmPassword: "new-one" })).toEqual({ currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired });
  });
  it("the current password is only compared: an older, shorter one is taken", () => {
    expect(errors(ChangePasswordSchema, { ...change, currentPassword: "abc" })).toEqual({});
    expect(errors(DeleteAccountSchema, { password: "abc" })).toEqual({});
    expect(errors(DeleteAccountSchema, {})).toEqual({ password: ACCOUNT_MESSAGES.passwordRequired });
  });
});
