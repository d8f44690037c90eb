/**
 * The `fetchpriority` attribute as props. React 18 does not know `fetchPriority` and warns about it; the
 * lower-case attribute passes through to the HTML as written.
 */
export function fetchPriority(priority: "high" | "low"): Record<string, string> {
  return { fetchpriority: priority };
}
