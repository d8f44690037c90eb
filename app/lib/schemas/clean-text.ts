import { withoutDirectionControls } from "../text";
import { z } from "./zod";

/**
 * Control characters no keyboard types: C0 except tab and newline (\r is normalized first), DEL and
 * C1 (U+0080–U+009F, NEL among them). They are invisible on the page, yet NUL and friends travel
 * raw into the database, e-mails and other people's terminals.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * A member's text as they see it: \r\n and a lone \r become \n, invisible controls go. A single-line
 * field (an <input>) turns tabs and line breaks into spaces, so "Porto\nPortugal" keeps its words apart,
 * and drops direction controls.
 */
export function cleanText(text: string, lines: "multi-line" | "single-line"): string {
  const cleaned = text.replace(/\r\n?/g, "\n").replace(CONTROLS, "");
  return lines === "multi-line" ? cleaned : withoutDirectionControls(cleaned.replace(/[\n\t]/g, " "));
}

/**
 * The schema, run on the cleaned text: cleaning comes before trimming, the 'required' check and the
 * length limits, so a text of only control characters is as empty as an empty one.
 */
export function cleaned<T extends z.ZodType>(lines: "multi-line" | "single-line", schema: T) {
  return z.preprocess((value) => (typeof value === "string" ? cleanText(value, lines) : value), schema);
}
