import { describe, expect, it } from "vitest";
import { unique } from "../fixtures/factories";
import { fetchWorker, formPost, get, member, ORIGIN } from "./helpers";

function cookieFrom(response: Response, name: string) {
  return response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(";")[0];
}

async function signUpOverHttp() {
  const username = unique("web_").slice(0, 30);
  const response = await fetchWorker(
    formPost("/auth?signUp=true", {
      mode: "sign-up",
      displayName: "Web Member",
      username,
      email: `${username}@example.com`,
      password: "secret-password",
      confirmPassword: "secret-password",
    }, { "CF-Connecting-IP": unique("ip") }),
  );
  return { response, cookie: cookieFrom(response, "session")! };
}

describe("every response", () => {
  it("carries a nonce CSP, nosniff, frame-ancestors none and a referrer policy", async () => {
    const response = await get("/auth");
    expect(response.status).toBe(200);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'nonce"); // no inline script without the nonce
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const html = await response.text();
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A share without JavaScript is a form whose answer redirects to the service, which sends the
    // browser on: each host on the way must be allowed (decision 124).
    const formAction = csp.split(";").find((part) => part.trim().startsWith("form-action")) ?? "";
    for (const host of ["https://twitter.com", "https://x.com", "https://wa.me", "https://api.whatsapp.com", "https://www.facebook.com", "https://www.linkedin.com"]) expect(formAction).toContain(` ${host}`);
    // The sign-in page has one address for search engines, whichever page sent the visitor to it.
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/auth"/>`);
    expect(await (await get("/auth?returnTo=%2Fexplore")).text()).toContain(`<link rel="canonical" href="${ORIGIN}/auth"/>`);
    expect(await (await get("/forgot-password")).text()).toContain(`<meta name="robots" content="noindex"/>`);
  });

  it("a signed-in member's pages and data are never for a shared cache; a route's own Cache-Control stands", async () => {
    const { cookie } = await member();
    // Its pages are kept by no cache (Back after signing out asks again, decision 070); its data may
    // be kept to be asked again (a prefetch on hover serves the click).
    for (const path of ["/", "/notifications", "/settings/profile"]) {
      expect((await get(path, { Cookie: cookie })).headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    for (const path of ["/_root.data", "/notifications.data"]) {
      expect((await get(path, { Cookie: cookie })).headers.get("Cache-Control"), path).toBe("private, no-cache");
    }
    const mentions = await get("/api/mentions?q=a", { Cookie: cookie });
    // Kept a moment by this browser for this member only: another member signing in here asks again (decision 124).
    expect([mentions.headers.get("Cache-Control"), mentions.headers.get("Vary")]).toEqual(["private, max-age=30", "Cookie"]);
  });

  it("a new nonce per response", async () => {
    const a = (await get("/auth")).headers.get("Content-Security-Policy");
    const b = (await get("/auth")).headers.get("Content-Security-Policy");
    expect(a).not.toBe(b);
  });
});

describe("the page's data for the browser (docs/decisions/011-string-rendering.md)", () => {
  it("travels whole in the one script the page writes for Remix's client: an upgrade that stops handing it to entry.server fails here", async () => {
    const html = await (await get("/auth?signUp=true")).text();
    const enqueued = [...html.matchAll(/window\.__remixContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/g)];
    expect(enqueued).toHaveLength(1);
    expect(html).toContain("window.__remixContext.streamController.close();</script>");
    // After the script that sets up the stream it feeds (<Scripts>), as the page's last element.
    expect(html.indexOf("streamController = controller")).toBeGreaterThan(-1);
    expect(html.indexOf("streamController = controller")).toBeLessThan(html.indexOf("streamController.enqueue("));
    expect(html.endsWith("window.__remixContext.streamController.close();</script></body></html>")).toBe(true);
    // The hand-off is Remix's own encoding of every loader's data: the page's mode is in it.
    const data = JSON.parse(enqueued[0]![1]!) as string;
    expect(data).toContain("routes/auth");
    expect(data).toContain("sign-up");
  });
});

describe("scripts come after the page (docs/decisions/026 and 052)", () => {
  it("asks for no module while the page loads: one script with the nonce starts them once it has painted", async () => {
    const response = await get("/auth");
    const nonce = (response.headers.get("Content-Security-Policy") ?? "").match(/'nonce-([^']+)'/)![1]!;
    const html = await response.text();
    // Nothing the parser would fetch at once: no modulepreload link, no module script.
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    const starts = [...html.matchAll(/<script nonce="([^"]+)">(\(function\(\)\{var modules=[\s\S]*?)<\/script>/g)];
    expect(starts).toHaveLength(1);
    const [, scriptNonce, start = ""] = starts[0]!;
    expect(scriptNonce).toBe(nonce);
    // It waits for the first contentful paint (in a hidden tab it starts at once)...
    expect(start).toContain('"first-contentful-paint"');
    expect(start).toContain('if(document.visibilityState==="hidden")return start();');
    // ...then imports every module the route needs, its route modules root first, and the entry last.
    const [, modules = "", routes = "", entry = ""] = start.match(/var modules=(\[[^\]]*\]),routes=(\[[^\]]*\]),entry=("[^"]*");/) ?? [];
    const manifest = JSON.parse(start.match(/window\.__remixManifest=(\{.*?\});routes/)![1]!) as {
      entry: { module: string; imports: string[] };
      routes: Record<string, { module: string; imports?: string[] }>;
    };
    const route = manifest.routes["routes/auth"]!;
    expect(new Set(JSON.parse(modules) as string[])).toEqual(
      new Set([...manifest.entry.imports, ...manifest.routes.root!.imports!, manifest.routes.root!.module, ...(route.imports ?? []), route.module]),
    );
    expect(JSON.parse(routes)).toEqual([manifest.routes.root!.module, route.module]);
    expect(JSON.parse(entry)).toBe(manifest.entry.module);
    expect(start).toMatch(/window\.__remixRouteModules=\{"root":r\[0\],"routes\/auth":r\[1\]\};return import\(entry\)/);
    // Each module asked for, the entry's fetch and the route modules' chain are steps, one task each (053).
    expect(start).toContain("var steps=modules.map(function(m){return function(){import(m).catch(function(){})}});");
    expect(start).toMatch(/steps\.push\(function\(\)\{fetch\(entry\)\.catch\(function\(\)\{\}\)\},function\(\)\{window\.__remixManifest=/);
    expect(start).toContain("channel.port1.onmessage=function(){steps.shift()();if(steps.length)channel.port2.postMessage(0)};");
  });
});

describe("origin check", () => {
  it("refuses a POST without an Origin header or from another origin, and changes nothing", async () => {
    const fields = { theme: "dark", returnTo: "/auth" };
    const noOrigin = await fetchWorker(
      new Request(`${ORIGIN}/theme`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" }),
    );
    expect(noOrigin.status).toBe(403);
    const evil = await fetchWorker(formPost("/theme", fields, { Origin: "https://evil.example" }));
    expect(evil.status).toBe(403);
    expect(evil.headers.getSetCookie()).toEqual([]);
    const same = await fetchWorker(formPost("/theme", fields));
    expect(same.status).toBe(302);
    expect(cookieFrom(same, "theme")).toBe("theme=dark");
  });
});

describe("guards", () => {
  it("a signed-out visitor to an app route is sent to /auth with returnTo", async () => {
    const response = await get("/notifications?tab=mentions");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/auth?returnTo=${encodeURIComponent("/notifications?tab=mentions")}`);
  });

  it("an unknown path sends a visitor to /auth, and shows a signed-in member a 404 page", async () => {
    expect((await get("/no-such-page")).status).toBe(302);
    const { cookie } = await signUpOverHttp();
    const response = await get("/no-such-page", { Cookie: cookie });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page not found");
  });

  it("sign-up sets a session; a signed-in member opening /auth goes to /", async () => {
    const { response, cookie } = await signUpOverHttp();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(cookie).toMatch(/^session=[a-z2-7]{32}$/);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("session="))!;
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");

    const home = await get("/", { Cookie: cookie });
    expect(home.status).toBe(200);
    expect((await get("/auth", { Cookie: cookie })).headers.get("Location")).toBe("/");
  });

  it("returnTo only leads back inside the site", async () => {
    const username = unique("rt_").slice(0, 30);
    const response = await fetchWorker(
      formPost("/auth?signUp=true", {
        mode: "sign-up",
        displayName: "Return Member",
        username,
        email: `${username}@example.com`,
        password: "secret-password",
        confirmPassword: "secret-password",
        returnTo: "//evil.example/steal",
      }, { "CF-Connecting-IP": unique("ip") }),
    );
    expect(response.headers.get("Location")).toBe("/");
  });

  it("an invalid session cookie is cleared", async () => {
    const response = await get("/auth", { Cookie: "session=notavalidtoken" });
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith("session="));
    expect(cleared).toContain("Max-Age=0");
  });

  it("the local outbox page exists only outside production", async () => {
    expect((await get("/dev/outbox")).status).toBe(200);
  });
});
