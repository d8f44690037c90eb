import { Form } from "@remix-run/react";
import { useId } from "react";
import { Icon } from "~/components/icon";
import { SEARCH_QUERY_MAX_LENGTH } from "~/lib/constants";
import { buttonClass } from "./button";

/**
 * The look of every search box (the page's, explore's, the sidebar's). Below 360 px the row draws in and
 * the field drops its search icon, so its placeholder ('Search communities') is whole (decision 077).
 */
export const SEARCH_INPUT_CLASS =
  "w-full rounded-full border border-field bg-surface py-2.5 pr-4 pl-10 text-fg placeholder:text-muted focus:border-accent focus:bg-bg focus:outline-none max-[360px]:pr-2 max-[360px]:pl-3";
/** A page's search row (SearchForm, explore's), its icon and its Search button. */
export const SEARCH_FORM_CLASS = "flex items-center gap-2 px-4 pb-3 max-[360px]:px-3";
export const SEARCH_ICON_CLASS = "pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted max-[360px]:hidden";
export const SEARCH_BUTTON_CLASS = buttonClass("secondary", "px-4 py-2 max-[360px]:px-3");

/**
 * A search box over one page's list: a GET form to `action` with `?q=` (a plain form without
 * JavaScript, a client navigation with it), its label read out and shown as the placeholder; `keep`:
 * other parameters the search keeps.
 */
export function SearchForm({ action, label, query, keep = {} }: { action: string; label: string; query: string | null; keep?: Record<string, string> }) {
  const id = useId();
  return (
    <Form method="get" action={action} role="search" aria-label={label} className={SEARCH_FORM_CLASS}>
      {/* What the list keeps while searching (a filter). */}
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="relative flex-1">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <Icon name="search" className={SEARCH_ICON_CLASS} />
        <input
          // A new search (or clearing it) shows what the page now searches for.
          key={query ?? ""}
          id={id}
          type="search"
          name="q"
          defaultValue={query ?? ""}
          placeholder={label}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          className={SEARCH_INPUT_CLASS}
        />
      </div>
      <button type="submit" className={SEARCH_BUTTON_CLASS}>
        Search
      </button>
    </Form>
  );
}
