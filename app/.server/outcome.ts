/** What a domain action answers: its result, or the refusal to show (a status and the spec's text). */
export type Refusal = { ok: false; status: 400 | 401 | 403 | 404 | 409 | 429; message: string; field?: string };
export type Outcome<T extends object = object> = ({ ok: true } & T) | Refusal;

export const refuse = (status: Refusal["status"], message: string, field?: string): Refusal => ({
  ok: false,
  status,
  message,
  ...(field ? { field } : {}),
});
