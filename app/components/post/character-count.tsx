import { POST_LENGTH_WARNING } from "~/lib/constants";
import { countOf } from "~/lib/format";
import { limitCount } from "~/lib/text";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Characters left, red under 20 (spec document 1 §5). Without JavaScript the limit is stated instead.
 * A screen reader reads the count with its words (the field's description), and hears it change only
 * under 20.
 */
export function CharacterCount({ text, max, id }: { text: string; max: number; id?: string }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <span id={id} className="text-sm text-muted">
        {`Up to ${max} characters`}
      </span>
    );
  }
  const left = max - limitCount(text, max);
  const said = `${countOf(left, "character", "characters")} left`;
  return (
    <>
      <span
        id={id}
        data-warning={left < POST_LENGTH_WARNING || undefined}
        className={`text-sm tabular-nums ${left < POST_LENGTH_WARNING ? "font-semibold text-danger" : "text-muted"}`}
      >
        <span aria-hidden="true">{left}</span>
        <span className="sr-only">{said}</span>
      </span>
      {/* Read out only near the limit (a count spoken at every key is noise); beside the field's
          description, not in it, which would then say it twice. */}
      <span className="sr-only" aria-live="polite">
        {left < POST_LENGTH_WARNING ? said : ""}
      </span>
    </>
  );
}
