/**
 * What the Worker writes to its logs (decision 082). Errors are logged where they happen, with
 * `console.error`, and the host keeps the logs. drizzle wraps a failed statement in an error whose
 * message (and so its stack) carries the statement's bound values: an e-mail address at sign-in, a
 * message's words. The Worker's console drops those values from any such error, wherever it is logged
 * (the app, the rooms, Remix's own handler): the statement's text and the database's reason stay.
 */

type QueryError = Error & { query: string; params: unknown[] };

const isQueryError = (value: unknown): value is QueryError =>
  value instanceof Error && typeof (value as Partial<QueryError>).query === "string" && Array.isArray((value as Partial<QueryError>).params);

/** An error as it may be logged: a failed statement's error without its values (and so its causes'). */
export function withoutQueryValues(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error) || depth > 5) return value;
  const cause = withoutQueryValues(value.cause, depth + 1);
  if (!isQueryError(value)) {
    if (cause === value.cause) return value;
    const copy = new Error(value.message, { cause });
    copy.name = value.name;
    copy.stack = value.stack;
    return copy;
  }
  const message = `Failed query: ${value.query}`;
  const scrubbed = new Error(message, { cause });
  scrubbed.name = value.name;
  // The stack's first lines repeat the message, values and all: only its frames are kept.
  const frames = (value.stack ?? "").split("\n").filter((line) => line.trimStart().startsWith("at "));
  scrubbed.stack = [`${value.name}: ${message}`, ...frames].join("\n");
  return scrubbed;
}

let installed = false;

/** Makes this isolate's `console.error` and `console.warn` log errors without query values (once). */
export function logWithoutQueryValues(): void {
  if (installed) return;
  installed = true;
  for (const level of ["error", "warn"] as const) {
    const original = console[level].bind(console);
    console[level] = (...values: unknown[]) => original(...values.map((value) => withoutQueryValues(value)));
  }
}
