import type * as RemixRouter from "@remix-run/router";
import type { AgnosticRouteMatch, AgnosticRouteObject } from "@remix-run/router";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// patches/@remix-run+router+*.patch (docs/decisions/040): route matching caches a tree's ranked branches,
// borrows them for trees of the same shape, remembers which branch matched a pathname and compiles
// each pattern once. Both builds the app uses are patched: the worker's bundle takes the CommonJS one,
// Vite's client build the ES module. The UMD build is left as published: the reference.
type RouterModule = typeof RemixRouter;
type RouteObject = AgnosticRouteObject;
type Match = AgnosticRouteMatch<string, RouteObject>;

const require = createRequire(import.meta.url);
const reference = require("@remix-run/router/dist/router.umd.js") as RouterModule;
const builds: [string, string, () => Promise<RouterModule>][] = [
  ["ES module", "dist/router.js", () => import("@remix-run/router/dist/router.js") as unknown as Promise<RouterModule>],
  ["CommonJS", "dist/router.cjs.js", async () => require("@remix-run/router/dist/router.cjs.js") as RouterModule],
];

/** A tree like the app's: pathless layouts, index routes, params, a splat, an optional segment, case. */
function appRoutes(): RouteObject[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        {
          id: "app",
          children: [
            { id: "home", index: true },
            { id: "post", path: "post/:postId" },
            { id: "messages", path: "messages", children: [{ id: "inbox", index: true }, { id: "conversation", path: ":conversationId" }] },
            { id: "lang", path: ":lang?/about" },
            { id: "Exact", path: "Exact", caseSensitive: true },
            { id: "handle", path: "*" },
          ],
        },
        { id: "site", children: [{ id: "invite", path: "invite/:code" }, { id: "media", path: "media/*" }] },
      ],
    },
  ];
}

const PATHS = [
  "/",
  "/post/abc",
  "/post/xyz",
  "/post/abc/more",
  "/messages",
  "/messages/",
  "/messages/m1",
  "/about",
  "/fr/about",
  "/Exact",
  "/exact",
  "/EXACT",
  "/invite/c0de",
  "/media/a/b.png",
  "/someone/else",
  `/${"long/".repeat(80)}end`,
];

/** A tree of the app's shape changed by `change`. */
function changed(change: (app: RouteObject[]) => void): RouteObject[] {
  const tree = appRoutes();
  change(tree[0]!.children![0]!.children!);
  return tree;
}

/**
 * Pairs of trees that differ in one thing their branches depend on: the first is matched, then the
 * second must be matched as itself (never with the first one's branches).
 */
const VARIANTS: [string, RouteObject[], RouteObject[]][] = [
  ["a path", appRoutes(), changed((app) => (app[1]!.path = "p/:postId"))],
  ["an index flag", appRoutes(), changed((app) => (app[0]!.index = false))],
  ["a case flag", appRoutes(), changed((app) => (app[4]!.caseSensitive = false))],
  ["an empty path for none", changed((app) => Object.assign(app[0]!, { index: false, path: "" })), changed((app) => (app[0]!.index = false))],
  [
    "the order of children",
    changed((app) => app.splice(2, 0, { id: "post2", path: "post/:other" })),
    changed((app) => app.splice(1, 0, { id: "post2", path: "post/:other" })),
  ],
  ["a child more", appRoutes(), changed((app) => app.push({ id: "late", path: "post/late" }))],
];

const summary = (matches: Match[] | null) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id, params, pathname, pathnameBase })) ?? null;

/** Every route object of a tree. */
function routesOf(tree: RouteObject[]): Set<RouteObject> {
  const all = new Set<RouteObject>();
  const walk = (routes: RouteObject[]) => routes.forEach((route) => (all.add(route), walk(route.children ?? [])));
  walk(tree);
  return all;
}

/** Each path matched in the tree, as the published router matches it. */
const asPublished = (tree: RouteObject[], paths = PATHS) => paths.map((path) => summary(reference.matchRoutes(tree, path)));

describe.each(builds)("route matching with cached branches (%s)", (_name, file, load) => {
  it("is the patched build", () => {
    expect(readFileSync(require.resolve(`@remix-run/router/${file}`), "utf8")).toContain("Murmur's patch");
  });

  it("matches as the published router does, again and again", async () => {
    const { matchRoutes } = await load();
    const tree = appRoutes();
    const expected = asPublished(appRoutes());
    expect(expected.map((matches) => matches?.at(-1)?.id)).toEqual([
      "home", "post", "post", "handle", "inbox", "inbox", "conversation", "lang", "lang", "Exact", "handle", "handle", "invite", "media", "handle", "handle",
    ]);
    for (let round = 0; round < 3; round++) expect(PATHS.map((path) => summary(matchRoutes(tree, path)))).toEqual(expected);
  });

  it("answers a tree made again with the same shape with that tree's own route objects", async () => {
    const { matchRoutes } = await load();
    for (const path of PATHS) matchRoutes(appRoutes(), path);
    for (let round = 0; round < 2; round++) {
      const again = appRoutes();
      const own = routesOf(again);
      expect(PATHS.map((path) => summary(matchRoutes(again, path)))).toEqual(asPublished(appRoutes()));
      for (const path of PATHS) expect(matchRoutes(again, path)?.every((match) => own.has(match.route))).toBe(true);
    }
  });

  it.each(VARIANTS)("does not borrow the branches of a tree that differs in %s", async (change, seen, asked) => {
    const { matchRoutes } = await load();
    // Trees of this pair only (their root's id is the pair's), so no other test's tree lends its branches.
    const own = (tree: RouteObject[]) => [{ ...structuredClone(tree)[0]!, id: `root of ${change}` }];
    const paths = [...PATHS, "/p/abc", "/post/late"];
    for (const path of paths) matchRoutes(own(seen), path);
    const expected = asPublished(own(asked), paths);
    expect(expected).not.toEqual(asPublished(own(seen), paths));
    expect(paths.map((path) => summary(matchRoutes(own(asked), path)))).toEqual(expected);
  });

  it("finds routes patched in during a navigation (lazy route discovery), a splat matching first", async () => {
    const { createMemoryHistory, createRouter, matchRoutes } = await load();
    const router = createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "home", index: true }, { id: "handle", path: "*" }] }],
      history: createMemoryHistory(),
      // As Remix's client does: routes are told only when a navigation asks for them, and patched into the live tree.
      patchRoutesOnNavigation({ path, patch }) {
        if (path === "/late") patch("root", [{ id: "late", path: "late" }]);
      },
    }).initialize();
    try {
      expect(matchRoutes(router.routes, "/late")?.at(-1)?.route.id).toBe("handle");
      await router.navigate("/late");
      expect(router.state.matches.map((match) => match.route.id)).toEqual(["root", "late"]);
      expect(matchRoutes(router.routes, "/late")?.at(-1)?.route.id).toBe("late");
    } finally {
      router.dispose();
    }
  });
});
