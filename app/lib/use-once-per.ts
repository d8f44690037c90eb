import { useEffect, useRef } from "react";

/** Runs `effect` once for each new `value` (e.g. each answer a fetcher gets), whatever re-renders. */
export function useOncePer<T>(value: T | null | undefined, effect: (value: T) => void) {
  const seen = useRef<T | null>(null);
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    if (value === null || value === undefined || seen.current === value) return;
    seen.current = value;
    latest.current(value);
  }, [value]);
}
