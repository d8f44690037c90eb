/** What a domain action answers: its result, or the refusal to show (a status and the spec's text). */
export type Refusal = { ok: false; status: 400 | 401 | 403 | 404 | 409 | 429; message: string; field?: string };

/**
 * Something broke that the member did not cause (the database unreachable, a bug): logged, and
 * answered with the spec's failure text (or nothing, where the spec only logs), never a 500 page.
 */
export type Failure = { ok: false; status: 500; message: string | null; field?: undefined };

export type Outcome<T extends object = object> = ({ ok: true } & T) | Refusal | Failure;

export const refuse = (status: Refusal["status"], message: string, field?: string): Refusal => ({
  ok: false,
  status,
  message,
  ...(field ? { field } : {}),
});

/**
 * Runs a piece of work whose unexpected errors become a Failure carrying `failure` (logged as
 * `what`). Responses thrown on purpose (redirects, 404s) pass through.
 */
export async function attempt<T>(what: string, failure: string | null, work: () => Promise<T>): Promise<T | Failure> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(`${what} failed:`, error);
    return { ok: false, status: 500, message: failure };
  }
}

/** Whether an answer is a Failure that `attempt` made (and not a response or a domain outcome). */
export function isFailure(answer: unknown): answer is Failure {
  if (typeof answer !== "object" || answer === null || answer instanceof Response) return false;
  const { ok, status } = answer as { ok?: unknown; status?: unknown };
  return ok === false && status === 500;
}

/**
 * A write stored once per form's send (decision 072): `write` with the send's id (`clientId`); when it
 * is refused and the member already has a row under that id (`sentAs`), a row that says the same is
 * the first send's (`repeated` answers as it did) and one that says otherwise (a page the browser
 * kept, written anew) is written again without the id, never dropped.
 */
export async function oncePerSend<I extends { clientId?: string }, T extends object, Row>(
  input: I,
  write: (input: I) => Promise<Outcome<T>>,
  sentAs: (clientId: string) => Promise<Row | undefined>,
  repeated: (row: Row) => T | null,
): Promise<Outcome<T>> {
  const outcome = await write(input);
  if (outcome.ok || !input.clientId) return outcome;
  const stored = await sentAs(input.clientId);
  if (!stored) return outcome;
  const first = repeated(stored);
  return first ? { ok: true, ...first } : write({ ...input, clientId: undefined });
}
