import { useContext, useState } from "react";
import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { fetchPriority } from "~/lib/fetch-priority";

/**
 * The page's scripts, preloaded at low priority from the head (decision 026). Every page is complete
 * without JavaScript, so its stylesheet, text and images should come first; the scripts that enhance it
 * follow. Remix's `<Scripts>` preloads the same modules at the end of the body at the browser's default
 * (high) priority; the browser has already asked for each one from here, so those later links fetch
 * nothing more. The list is the first page's, worked out once: later navigations load their modules
 * themselves, and links already in the head change nothing.
 */
export function ModulePreloads() {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  const [paths] = useState(() => {
    if (!remix) return [];
    const { manifest } = remix;
    const routes = matches.flatMap((match) => {
      const route = manifest.routes[match.id];
      return route ? [...(route.imports ?? []), route.module] : [];
    });
    return [...new Set([manifest.entry.module, ...manifest.entry.imports, ...routes])];
  });
  return paths.map((path) => <link key={path} rel="modulepreload" href={path} {...fetchPriority("low")} />);
}
