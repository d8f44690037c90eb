import { isBlank } from "../text";
import { z } from "./zod";

/**
 * Conform turns an empty field into a missing value, so "required" is the message of a missing
 * value (given as the schema's own error), leaving other messages to their checks.
 */
export const required = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? message : undefined),
});

/**
 * A text that shows nothing (white space, zero-width characters: `isBlank`) is as missing as an empty
 * one: it gets the field's "required" message.
 */
export function blankIsMissing<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === "string" && isBlank(value) ? undefined : value), schema);
}

/** An optional text that shows nothing (or none at all) is left out: a bio of zero-width spaces is no bio. */
export const blankIsUndefined = (value: string | undefined) => (value === undefined || isBlank(value) ? undefined : value);
