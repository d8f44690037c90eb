/**
 * What an isolate remembers between requests to save a round trip or a statement: hints, never answers.
 * A wrong or missing one costs time, never what a member sees. At most `max` keys, the least recently
 * set forgotten first.
 */
export function isolateHints<V>(max: number) {
  const map = new Map<string, V>();
  return {
    get: (key: string): V | undefined => map.get(key),
    set(key: string, value: V) {
      map.delete(key);
      map.set(key, value);
      if (map.size > max) map.delete(map.keys().next().value!);
    },
    forget: (key: string) => void map.delete(key),
  };
}
