import type * as RemixRouter from "@remix-run/router";
import type { AgnosticRouteMatch, AgnosticRouteObject } from "@remix-run/router";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// patches/@remix-run+router+*.patch (docs/decisions/040): route matching caches a tree's ranked branches
// and compiled patterns. Both builds are patched: the worker's bundle takes the CommonJS one, Vite's
// client build the ES module.
type RouterModule = typeof RemixRouter;
type RouteObject = AgnosticRouteObject;
type Match = AgnosticRouteMatch<string, RouteObject>;

const builds: [string, () => Promise<RouterModule>][] = [
  ["ES module", () => import("@remix-run/router/dist/router.js") as unknown as Promise<RouterModule>],
  ["CommonJS", async () => createRequire(import.meta.url)("@remix-run/router/dist/router.cjs.js") as RouterModule],
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
      ],
    },
  ];
}

const PATHS = ["/", "/post/abc", "/messages", "/messages/m1", "/about", "/fr/about", "/Exact", "/exact", "/someone/else"];

const summary = (matches: Match[] | null) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id, params, pathname, pathnameBase })) ?? null;

/** Every route object of a tree. */
function routesOf(tree: RouteObject[]): Set<RouteObject> {
  const all = new Set<RouteObject>();
  const walk = (routes: RouteObject[]) => routes.forEach((route) => (all.add(route), walk(route.children ?? [])));
  walk(tree);
  return all;
}

describe.each(builds)("route matching with cached branches (%s)", (_name, load) => {
  it("matches as before, again and again", async () => {
    const { matchRoutes } = await load();
    const tree = appRoutes();
    const first = PATHS.map((path) => summary(matchRoutes(tree, path)));
    expect(first.map((matches) => matches?.at(-1)?.id)).toEqual(["home", "post", "inbox", "conversation", "lang", "lang", "Exact", "handle", "handle"]);
    expect(first[1]?.at(-1)?.params).toEqual({ postId: "abc" });
    expect(first[5]?.at(-1)?.params).toEqual({ lang: "fr" });
    expect(PATHS.map((path) => summary(matchRoutes(tree, path)))).toEqual(first);
    // Each match is made afresh from the pathname, whichever branch it tries first.
    expect(matchRoutes(tree, "/post/xyz")?.at(-1)?.params).toEqual({ postId: "xyz" });
    expect(matchRoutes(tree, "/post/abc")?.at(-1)?.params).toEqual({ postId: "abc" });
    expect(matchRoutes(tree, "/post/abc/more")?.at(-1)?.route.id).toBe("handle");
  });

  it("answers a tree made again with the same shape with that tree's own route objects", async () => {
    const { matchRoutes } = await load();
    const seen = appRoutes();
    const expected = PATHS.map((path) => summary(matchRoutes(seen, path)));
    const again = appRoutes();
    const own = routesOf(again);
    for (const [index, path] of PATHS.entries()) {
      const matches = matchRoutes(again, path);
      expect(summary(matches)).toEqual(expected[index]);
      expect(matches?.every((match) => own.has(match.route))).toBe(true);
    }
  });

  it("does not take the branches of a tree with another shape", async () => {
    const { matchRoutes } = await load();
    matchRoutes(appRoutes(), "/post/abc");
    const moved = appRoutes();
    moved[0]!.children![0]!.children![1]!.path = "p/:postId";
    expect(matchRoutes(moved, "/post/abc")?.at(-1)?.route.id).toBe("handle");
    expect(matchRoutes(moved, "/p/abc")?.at(-1)?.route.id).toBe("post");
  });

  it("finds routes patched in during a navigation (lazy route discovery)", async () => {
    const { createMemoryHistory, createRouter } = await load();
    const router = createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "home", index: true }, { id: "post", path: "post/:postId" }] }],
      history: createMemoryHistory(),
      // As Remix's client does: routes are told only when a navigation asks for them, and patched into the live tree.
      patchRoutesOnNavigation({ path, patch }) {
        if (path === "/late") patch("root", [{ id: "late", path: "late" }]);
      },
    }).initialize();
    try {
      await router.navigate("/late");
      expect(router.state.matches.map((match) => match.route.id)).toEqual(["root", "late"]);
    } finally {
      router.dispose();
    }
  });
});
