import type { Intent, Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, input, output } from "zod/v4/core";

/**
 * conform's own field names: the intents its buttons send while a member types (the browser's conform
 * keeps them from the server) and its list state. A form Murmur's pages post never carries them to
 * an action.
 */
const CONFORM_RESERVED = ["__intent__", "__state__"];

/**
 * conform's `parseWithZod` for actions (its synchronous form; none of Murmur's schemas is async). A
 * hand-made request with a reserved field conform cannot read (`__intent__=x`, an unknown intent, a
 * list intent on a field that is no list) makes it throw, not fail: such a field is dropped and the
 * form parsed as the page would have sent it, so the answer is the form's own (its errors, or what it
 * does), never a 500. Any other throw is conform's own and goes on.
 */
export function parseSubmission<Schema extends $ZodType>(
  form: FormData | URLSearchParams,
  options: { schema: Schema | ((intent: Intent | null) => Schema) },
): Submission<input<Schema>, string[], output<Schema>> {
  try {
    return parseWithZod(form, options);
  } catch (error) {
    if (!CONFORM_RESERVED.some((name) => form.has(name))) throw error;
    const kept = new FormData();
    for (const [name, value] of form.entries()) if (!CONFORM_RESERVED.includes(name)) kept.append(name, value);
    return parseWithZod(kept, options);
  }
}
