import { useEffect, useId, useRef, useState, type TextareaHTMLAttributes } from "react";
import type { Byline } from "~/lib/types/post";
import { MENTION_SUGGEST_DEBOUNCE_MS as SUGGEST_DELAY_MS } from "~/lib/constants";
import { mentionQueryAt } from "~/lib/text";
import { Avatar } from "./avatar";
import { VerifiedBadge } from "./verified-badge";

/**
 * A textarea that, with JavaScript, suggests people after '@' and one more character (spec
 * document 1 §5), navigable with the arrow keys; Enter or Tab picks one. Without JavaScript it is a
 * plain textarea.
 */
export function MentionTextarea({
  value,
  onValueChange,
  className = "",
  ...props
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange"> & {
  value: string;
  onValueChange: (value: string) => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [query, setQuery] = useState<{ query: string; start: number } | null>(null);
  const [found, setFound] = useState<{ query: string; people: Byline[] } | null>(null);
  const [active, setActive] = useState(0);
  // Suggestions for the word being typed only (an answer for an older word is dropped).
  const people = query && found?.query === query.query ? found.people : [];
  const open = people.length > 0;

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/mentions?${new URLSearchParams({ q: query.query })}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<{ people: Byline[] }>) : { people: [] }))
        .then(({ people }) => setFound({ query: query.query, people }))
        .catch(() => undefined);
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const track = (text: string, caret: number) => {
    setQuery(mentionQueryAt(text, caret));
    setActive(0);
  };

  const pick = (person: Byline) => {
    if (!query) return;
    const caret = query.start + query.query.length + 1;
    const inserted = `@${person.username} `;
    const next = value.slice(0, query.start) + inserted + value.slice(caret);
    onValueChange(next);
    setQuery(null);
    requestAnimationFrame(() => {
      const field = ref.current;
      if (!field) return;
      // Typed into already (a quick hand, or a test's): the caret is where that left it, not put back.
      if (field.value !== next) return;
      const position = query.start + inserted.length;
      field.focus();
      field.setSelectionRange(position, position);
    });
  };

  return (
    <div className="relative min-w-0 flex-1">
      <textarea
        {...props}
        ref={ref}
        value={value}
        // Text being written: a page whose session ends elsewhere keeps it (app/lib/room-socket.ts).
        data-draft=""
        onChange={(event) => {
          onValueChange(event.target.value);
          track(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={(event) => {
          props.onKeyDown?.(event);
          if (!open) return;
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            const step = event.key === "ArrowDown" ? 1 : -1;
            setActive((index) => (index + step + people.length) % people.length);
          } else if (event.key === "Enter" || event.key === "Tab") {
            event.preventDefault();
            pick(people[active]!);
          } else if (event.key === "Escape") {
            event.preventDefault();
            setQuery(null);
          }
        }}
        onBlur={(event) => {
          props.onBlur?.(event);
          // Let a click on a suggestion land first.
          setTimeout(() => setQuery(null), SUGGEST_DELAY_MS);
        }}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        className={className}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="People to mention"
          className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-xl border border-line bg-bg shadow-lg"
        >
          {people.map((person, index) => (
            <li
              key={person.username}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(person);
              }}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${index === active ? "bg-surface" : ""}`}
            >
              <Avatar src={person.avatarUrl} size="sm" />
              <span className="flex min-w-0 flex-col">
                <span className="flex items-center gap-1 truncate font-semibold">
                  <span dir="auto" className="truncate" title={person.displayName}>
                    {person.displayName}
                  </span>
                  <VerifiedBadge type={person.verifiedType} />
                </span>
                <span className="truncate text-sm text-muted">@{person.username}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
