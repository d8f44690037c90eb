import { z } from "zod";
import { isLocalHostname } from "./http";

/**
 * The Worker's configuration, read from its bindings, validated once per isolate and passed to whoever
 * needs it. Local Workers (development, test) fall back to embedded defaults for what a deploy must
 * set: a production Worker without its cookie secret refuses to start rather than sign with a
 * guessable key, one without Stripe's secrets rather than approve every payment, and one without a
 * mail provider rather than say it mailed links it only stored (unless told to, for each).
 * "Refuses to start": every request answers 500 with the reason in the log (`wrangler tail`).
 */
const LOCAL_COOKIE_SECRET = "murmur-local-development-only";

/** A sender as mail providers take it: `no-reply@example.com` or `Murmur <no-reply@example.com>`. */
const ADDRESS = String.raw`[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+`;
const MAIL_FROM_PATTERN = new RegExp(`^(?:${ADDRESS}|[^<>]+ <${ADDRESS}>)$`);

const ConfigSchema = z
  .object({
    ENVIRONMENT: z.enum(["development", "test", "production"]).default("production"),
    /** The site's own address: links that leave the site (password-reset e-mails) are built from it. */
    APP_ORIGIN: z
      .url({ protocol: /^https?$/, error: "APP_ORIGIN must be the site's address, such as https://murmur.example.com (wrangler.toml [env.production.vars])" })
      .transform((url) => new URL(url).origin),
    /** Signs Murmur's own cookies (toasts, trusted devices). A secret (`wrangler secret put COOKIE_SECRET`). */
    COOKIE_SECRET: z.string().min(32).optional(),
    /** With it, payments go through Stripe Checkout (docs/decisions/037); without it, the embedded test-mode provider (in production only with PAYMENTS = "test"). */
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    /** Verifies Stripe's webhooks (whsec_…); required with STRIPE_SECRET_KEY. */
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** "test": a production deploy takes payments through the test-mode provider, which charges no one (a demo). */
    PAYMENTS: z.enum(["test"]).optional(),
    /** The mail provider's API key (Resend's, re_…): with MAIL_FROM, mail is delivered (app/.server/mail.ts). A secret. */
    MAIL_API_KEY: z.string().min(1).optional(),
    /** Who mail is from, at a domain the provider has verified. */
    MAIL_FROM: z
      .string()
      .regex(MAIL_FROM_PATTERN, 'MAIL_FROM must be an address, such as "Murmur <no-reply@murmur.example.com>"')
      .optional(),
    /** "outbox": a production deploy keeps mail in the email_outbox table for a process of its own to deliver (decision 005). */
    MAIL: z.enum(["outbox"]).optional(),
    /** Where the Help Center's messages to support are mailed (decision 078); the member's address is their reply-to. */
    SUPPORT_EMAIL: z.email({ error: 'SUPPORT_EMAIL must be an address, such as "support@murmur.example.com"' }).optional(),
  })
  .transform(({ ENVIRONMENT, APP_ORIGIN, COOKIE_SECRET, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, PAYMENTS, MAIL_API_KEY, MAIL_FROM, MAIL, SUPPORT_EMAIL }, ctx) => {
    const isLocal = ENVIRONMENT !== "production";
    // A site at its own address that forgot ENVIRONMENT would run as a local one: reset links in the
    // logs, the benchmark's measuring headers answered (decision 070). It refuses to start instead.
    const atLocalhost = isLocalHostname(new URL(APP_ORIGIN).hostname);
    if (isLocal && !atLocalhost) {
      ctx.addIssue({ code: "custom", message: `ENVIRONMENT must be "production" for a site at ${APP_ORIGIN} (deploy with npm run deploy: wrangler.toml [env.production])`, path: ["ENVIRONMENT"] });
      return z.NEVER;
    }
    // A production site whose APP_ORIGIN was left at localhost would mail reset links, and send
    // Stripe's customers back, to localhost (decision 075).
    if (!isLocal && atLocalhost) {
      ctx.addIssue({
        code: "custom",
        message: `APP_ORIGIN is ${APP_ORIGIN} in production: set it to the site's address (wrangler.toml [env.production.vars]); reset links and Stripe's return addresses are built from it`,
        path: ["APP_ORIGIN"],
      });
      return z.NEVER;
    }
    // Reset links and Stripe's return addresses are built from it: never plain http on the internet (decision 124).
    if (!isLocal && new URL(APP_ORIGIN).protocol !== "https:") {
      ctx.addIssue({ code: "custom", message: `APP_ORIGIN is ${APP_ORIGIN} in production: a site's address starts with https://`, path: ["APP_ORIGIN"] });
      return z.NEVER;
    }
    // The embedded secret is public: only a local Worker (configured for localhost, above) may sign
    // with it; requests that reach it elsewhere are refused too (context.ts).
    if (!COOKIE_SECRET && !isLocal) {
      ctx.addIssue({ code: "custom", message: "COOKIE_SECRET must be set outside local development (wrangler secret put COOKIE_SECRET --env production)", path: ["COOKIE_SECRET"] });
      return z.NEVER;
    }
    if (STRIPE_SECRET_KEY && !STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: "custom", message: "STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY (wrangler secret put STRIPE_WEBHOOK_SECRET --env production)", path: ["STRIPE_WEBHOOK_SECRET"] });
      return z.NEVER;
    }
    const stripe = STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET ? { secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET } : null;
    // The test-mode provider approves every payment: a production Worker uses it only when told to,
    // never because Stripe's secrets were forgotten (it would give badges and subscriptions away).
    if (!isLocal && !stripe && PAYMENTS !== "test") {
      ctx.addIssue({
        code: "custom",
        message:
          'Payments need Stripe in production (wrangler secret put STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET --env production), or PAYMENTS = "test" under [env.production.vars] for a deploy that charges no one',
        path: ["STRIPE_SECRET_KEY"],
      });
      return z.NEVER;
    }
    if (MAIL_API_KEY && !MAIL_FROM) {
      ctx.addIssue({ code: "custom", message: "MAIL_FROM must be set with MAIL_API_KEY (wrangler.toml [env.production.vars])", path: ["MAIL_FROM"] });
      return z.NEVER;
    }
    if (MAIL_API_KEY && MAIL === "outbox") {
      ctx.addIssue({ code: "custom", message: 'MAIL = "outbox" and MAIL_API_KEY are both set: keep the one this deploy delivers mail with', path: ["MAIL"] });
      return z.NEVER;
    }
    const mail = MAIL_API_KEY && MAIL_FROM ? { apiKey: MAIL_API_KEY, from: MAIL_FROM } : null;
    // Without a provider, mail only reaches the email_outbox table: a production Worker says it sent a
    // reset link only when something delivers it (decision 075).
    if (!isLocal && !mail && MAIL !== "outbox") {
      ctx.addIssue({
        code: "custom",
        message:
          'Mail needs a provider in production (wrangler secret put MAIL_API_KEY --env production, and MAIL_FROM under [env.production.vars]), or MAIL = "outbox" under [env.production.vars] for a deploy that delivers the email_outbox table itself',
        path: ["MAIL_API_KEY"],
      });
      return z.NEVER;
    }
    // The Help Center tells a member their message reached support: a deploy says so only when it goes
    // to someone (decision 078). Locally the outbox keeps it (/dev/outbox) when it is set.
    if (!isLocal && !SUPPORT_EMAIL) {
      ctx.addIssue({ code: "custom", message: "SUPPORT_EMAIL must be set in production: the Help Center's messages to support are mailed there (wrangler.toml [env.production.vars])", path: ["SUPPORT_EMAIL"] });
      return z.NEVER;
    }
    const supportEmail = SUPPORT_EMAIL ?? null;
    return { ENVIRONMENT, origin: APP_ORIGIN, cookieSecret: COOKIE_SECRET ?? LOCAL_COOKIE_SECRET, isLocal, usesLocalSecret: !COOKIE_SECRET, stripe, mail, supportEmail };
  });

export type AppConfig = z.infer<typeof ConfigSchema>;

/** Bindings are the same object for every request of an isolate: validate them once. */
const configs = new WeakMap<Env, AppConfig>();

export function readConfig(env: Env): AppConfig {
  let config = configs.get(env);
  if (!config) {
    const { ENVIRONMENT, APP_ORIGIN } = env;
    const secrets = env as {
      COOKIE_SECRET?: string;
      STRIPE_SECRET_KEY?: string;
      STRIPE_WEBHOOK_SECRET?: string;
      PAYMENTS?: string;
      MAIL_API_KEY?: string;
      MAIL_FROM?: string;
      MAIL?: string;
      SUPPORT_EMAIL?: string;
    };
    config = ConfigSchema.parse({
      ENVIRONMENT,
      APP_ORIGIN,
      COOKIE_SECRET: secrets.COOKIE_SECRET,
      STRIPE_SECRET_KEY: secrets.STRIPE_SECRET_KEY || undefined,
      STRIPE_WEBHOOK_SECRET: secrets.STRIPE_WEBHOOK_SECRET || undefined,
      PAYMENTS: secrets.PAYMENTS || undefined,
      MAIL_API_KEY: secrets.MAIL_API_KEY || undefined,
      MAIL_FROM: secrets.MAIL_FROM || undefined,
      MAIL: secrets.MAIL || undefined,
      SUPPORT_EMAIL: secrets.SUPPORT_EMAIL || undefined,
    });
    configs.set(env, config);
  }
  return config;
}
