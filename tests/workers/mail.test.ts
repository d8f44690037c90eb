import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emailOutbox, passwordResetTokens } from "~/.server/db/schema";
import { readConfig } from "~/.server/env";
import { createOutboxMailer, createProviderMailer, MailError, mailerOf } from "~/.server/mail";
import { AUTH_MESSAGES } from "~/lib/messages";
import { unique } from "../fixtures/factories";
import { createUser, db, deployedEnv, fetchDeployed } from "./helpers";

/**
 * Mail delivered through a provider's HTTP API (Resend's; decision 075). The provider is answered here,
 * as Stripe's API is in subscriptions.test.ts: globalThis.fetch is replaced for api.resend.com only.
 */

type Sent = { url: string; method: string; headers: Headers; body: Record<string, unknown> };

function fakeProvider(answer: () => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const original = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).host !== "api.resend.com") return original(input, init);
    sent.push({ url: request.url, method: request.method, headers: request.headers, body: (await request.json()) as Record<string, unknown> });
    return answer();
  });
  return sent;
}

afterEach(() => {
  vi.restoreAllMocks();
});

const FROM = "Murmur <no-reply@murmur.example>";
const withProvider = deployedEnv({ MAIL: undefined, MAIL_API_KEY: "re_test_key", MAIL_FROM: FROM });

const outboxOf = (email: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email.toLowerCase())).all();

describe("the provider mailer", () => {
  it("posts the message to Resend's API as JSON, with the key as a bearer token", async () => {
    const sent = fakeProvider(() => Response.json({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" }));
    const mailer = createProviderMailer({ apiKey: "re_test_key", from: FROM });
    await mailer.send({ to: "ada@example.com", subject: "Hello", text: "Plain words" });
    await mailer.send({ to: "bob@example.com", subject: "Again", text: "Plain", html: "<p>Plain</p>", replyTo: "ada@example.com" });
    expect(sent.map(({ url, method }) => `${method} ${url}`)).toEqual(["POST https://api.resend.com/emails", "POST https://api.resend.com/emails"]);
    expect(sent[0]!.headers.get("Authorization")).toBe("Bearer re_test_key");
    expect(sent[0]!.headers.get("Content-Type")).toBe("application/json");
    expect(sent[0]!.body).toEqual({ from: FROM, to: ["ada@example.com"], subject: "Hello", text: "Plain words" });
    // A message to support is answered to the member (decision 078).
    expect(sent[1]!.body).toEqual({ from: FROM, to: ["bob@example.com"], subject: "Again", text: "Plain", html: "<p>Plain</p>", reply_to: "ada@example.com" });
  });

  it("passes a message's own headers (a digest's List-Unsubscribe, decision 085) to the provider as its `headers` object, and the outbox keeps them", async () => {
    const sent = fakeProvider(() => Response.json({ id: "x" }));
    const headers = { "List-Unsubscribe": "<https://murmur.example/unsubscribe?t=abc>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    await createProviderMailer({ apiKey: "re_test_key", from: FROM }).send({ to: "ada@example.com", subject: "Digest", text: "Words", headers });
    expect(sent[0]!.body).toEqual({ from: FROM, to: ["ada@example.com"], subject: "Digest", text: "Words", headers });
    const to = `${unique()}@example.com`;
    await createOutboxMailer(db()).send({ to, subject: "Digest", text: "Words", headers });
    await createOutboxMailer(db()).send({ to, subject: "Plain", text: "Words" });
    const kept = (await outboxOf(to)).sort((a, b) => a.subject.localeCompare(b.subject));
    expect(kept.map((mail) => [mail.subject, mail.headers])).toEqual([
      ["Digest", headers],
      ["Plain", null],
    ]);
  });

  it("a refusal throws with the provider's status and words; so does a network failure", async () => {
    fakeProvider(() => Response.json({ statusCode: 403, name: "validation_error", message: "The murmur.example domain is not verified." }, { status: 403 }));
    const mailer = createProviderMailer({ apiKey: "re_test_key", from: FROM });
    const refused = await mailer.send({ to: "ada@example.com", subject: "Hello", text: "Words" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MailError);
    expect((refused as MailError).status).toBe(403);
    expect((refused as MailError).message).toContain("domain is not verified");
    vi.restoreAllMocks();
    fakeProvider(() => Promise.reject(new TypeError("Network connection lost.")));
    await expect(mailer.send({ to: "ada@example.com", subject: "Hello", text: "Words" })).rejects.toThrow(/Network connection lost/);
  });

  it("mailerOf: the provider when MAIL_API_KEY and MAIL_FROM are set (locally too), else the outbox", async () => {
    const sent = fakeProvider(() => Response.json({ id: "x" }));
    const to = `${unique()}@example.com`;
    await mailerOf({ db: db(), config: readConfig(withProvider) }).send({ to, subject: "Provider", text: "By the API" });
    const local = { ...env, MAIL_API_KEY: "re_local_key", MAIL_FROM: FROM } as unknown as Env;
    await mailerOf({ db: db(), config: readConfig(local) }).send({ to, subject: "Provider, locally", text: "By the API" });
    expect(sent.map(({ body }) => body.subject)).toEqual(["Provider", "Provider, locally"]);
    expect(await outboxOf(to)).toEqual([]);
    await mailerOf({ db: db(), config: readConfig(deployedEnv()) }).send({ to, subject: "Outbox", text: "Kept" });
    await mailerOf({ db: db(), config: readConfig(env) }).send({ to, subject: "Outbox, locally", text: "Kept" });
    expect((await outboxOf(to)).map((mail) => mail.subject).sort()).toEqual(["Outbox", "Outbox, locally"]);
    expect(sent).toHaveLength(2);
  });
});

describe("a deploy's mail configuration (decision 075)", () => {
  it("production refuses to start without a provider unless MAIL = \"outbox\"; the provider's settings are checked", () => {
    expect(() => readConfig(deployedEnv({ MAIL: undefined }))).toThrow(/Mail needs a provider in production/);
    // MAIL_FROM alone is no provider.
    expect(() => readConfig(deployedEnv({ MAIL: undefined, MAIL_FROM: FROM }))).toThrow(/Mail needs a provider in production/);
    expect(() => readConfig(deployedEnv({ MAIL: undefined, MAIL_API_KEY: "re_test_key" }))).toThrow(/MAIL_FROM must be set with MAIL_API_KEY/);
    for (const from of ["murmur", "no-reply@murmur", "Murmur <no-reply>", "Murmur no-reply@murmur.example", "<no-reply@murmur.example"]) {
      expect(() => readConfig(deployedEnv({ MAIL: undefined, MAIL_API_KEY: "re_test_key", MAIL_FROM: from })), from).toThrow(/MAIL_FROM must be an address/);
    }
    expect(() => readConfig(deployedEnv({ MAIL: "outbox", MAIL_API_KEY: "re_test_key", MAIL_FROM: FROM }))).toThrow(/both set/);
    expect(() => readConfig(deployedEnv({ MAIL: "smtp" }))).toThrow();
    expect(readConfig(deployedEnv()).mail).toBeNull();
    expect(readConfig(withProvider).mail).toEqual({ apiKey: "re_test_key", from: FROM });
    expect(readConfig(deployedEnv({ MAIL: undefined, MAIL_API_KEY: "re_test_key", MAIL_FROM: "no-reply@murmur.example" })).mail?.from).toBe("no-reply@murmur.example");
    // Local development needs neither (the outbox, printed).
    expect(readConfig(env).mail).toBeNull();
  });
});

describe("'Forgot password?' on a deploy with a provider", () => {
  const forgot = (email: string) =>
    fetchDeployed(
      new Request("https://murmur.example/forgot-password", {
        method: "POST",
        body: new URLSearchParams({ email }),
        headers: { Origin: "https://murmur.example", Host: "murmur.example", "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": unique("ip") },
      }),
      withProvider,
    );
  const linksOf = (userId: string) => db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).all();

  it("mails the link through the provider, built from APP_ORIGIN; the outbox keeps nothing", async () => {
    const sent = fakeProvider(() => Response.json({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" }));
    const user = await createUser();
    const response = await forgot(user.email);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(AUTH_MESSAGES.resetEmailSent);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ from: FROM, to: [user.email.toLowerCase()], subject: "Reset your Murmur password" });
    expect(sent[0]!.body.text).toMatch(/https:\/\/murmur\.example\/reset-password\?token=[a-z0-9]+/);
    expect(await linksOf(user.id)).toHaveLength(1);
    expect(await outboxOf(user.email)).toEqual([]);
  });

  it("a provider that refuses changes nothing in the answer: the same page as for an unknown e-mail, no 500, and the link taken back", async () => {
    const sent = fakeProvider(() => Response.json({ statusCode: 500, name: "internal_server_error", message: "Unavailable" }, { status: 500 }));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const user = await createUser();
    const known = await forgot(user.email);
    const unknown = await forgot(`${unique()}@example.com`);
    expect([known.status, unknown.status]).toEqual([200, 200]);
    for (const page of [await known.text(), await unknown.text()]) expect(page).toContain(AUTH_MESSAGES.resetEmailSent);
    expect(sent).toHaveLength(1);
    expect(await linksOf(user.id)).toEqual([]);
    expect(await outboxOf(user.email)).toEqual([]);
    // Logged (the provider's words, never the link).
    const logged = errors.mock.calls.map((call) => call.map(String).join(" ")).join("\n");
    expect(logged).toContain("The mail provider answered 500");
    expect(logged).not.toContain("token=");
  });
});
