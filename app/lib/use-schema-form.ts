import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "./schemas/zod";

/**
 * The one form recipe (as in the Epic Stack): a form checked by the same zod schema in the browser and
 * in its action, its constraints (required, lengths) on the fields, and the action's last answer shown
 * in them. `validate` says when a field is first checked; afterwards it is checked as it is typed.
 * `defaultValue` is what the fields start with (a saved profile), until an answer brings them back.
 */
export function useSchemaForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: S,
  lastResult: SubmissionResult<string[]> | null | undefined,
  { validate = "onBlur", defaultValue }: { validate?: "onBlur" | "onSubmit"; defaultValue?: DefaultValue<z.input<S>> } = {},
) {
  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: validate,
    shouldRevalidate: "onInput",
  });
}
