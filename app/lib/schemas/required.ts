/**
 * Conform turns an empty field into a missing value, so "required" is the message of a missing
 * value (given as the schema's own error), leaving other messages to their checks.
 */
export const required = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? message : undefined),
});
