import { POST_LENGTH_WARNING } from "~/lib/constants";
import { countOf } from "~/lib/format";
import { countCharacters } from "~/lib/text";
import { useHydrated } from "~/lib/use-hydrated";

/** Characters left, red under 20 (spec document 1 §5). Without JavaScript the limit is stated instead. */
export function CharacterCount({ text, max, id }: { text: string; max: number; id?: string }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <span id={id} className="text-sm text-muted">
        {`Up to ${max} characters`}
      </span>
    );
  }
  const left = max - countCharacters(text);
  return (
    <span
      id={id}
      aria-live="polite"
      aria-label={`${countOf(left, "character", "characters")} left`}
      data-warning={left < POST_LENGTH_WARNING || undefined}
      className={`text-sm tabular-nums ${left < POST_LENGTH_WARNING ? "font-semibold text-danger" : "text-muted"}`}
    >
      {left}
    </span>
  );
}
