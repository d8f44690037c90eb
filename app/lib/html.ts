/**
 * Markup as a string, for the parts of a post card that only show data: its author line, its text
 * and its top comments (docs/decisions/057-card-text-as-markup.md). React copies such a part into its
 * answer element by element; `html` writes the same markup in one template, and the component puts
 * it in place with `dangerouslySetInnerHTML`, which React neither hydrates nor diffs, and sets again
 * only when the string changes.
 *
 * Safe by construction: every value put into a template is escaped as React escapes text and
 * attributes, unless it is itself made by `html`. Only the template's own literal text is markup.
 * Attribute values must be quoted in the template (`class="${name}"`).
 */

/** Trusted markup: made only by `html`, so data (loader data, JSON) can never pass for it. */
export class Markup {
  constructor(readonly __html: string) {}
  toString() {
    return this.__html;
  }
}

/** What a template accepts: markup as is; text and numbers escaped; nothing for null, undefined and false. */
export type HtmlValue = Markup | string | number | null | undefined | false | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };
const SPECIAL = /["&'<>]/;
const SPECIALS = /["&'<>]/g;

/** Text for an element's content or a quoted attribute value: the five characters React escapes. */
export function escapeHtml(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIALS, (character) => ESCAPES[character]!) : text;
}

function piece(value: HtmlValue): string {
  if (value instanceof Markup) return value.__html;
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) {
    let out = "";
    for (const part of value as readonly HtmlValue[]) out += piece(part);
    return out;
  }
  // Anything else is text, whatever its type says: a look-alike of Markup is escaped like the rest.
  return escapeHtml(String(value));
}

// A template's literal parts without their line breaks and the indentation after them, found once for
// each template in the code (a tagged template passes the same strings object on every call).
const literals = new WeakMap<TemplateStringsArray, string[]>();

function literalsOf(strings: TemplateStringsArray): string[] {
  let parts = literals.get(strings);
  if (!parts) {
    parts = strings.map((part) => part.replace(/\n\s*/g, ""));
    literals.set(strings, parts);
  }
  return parts;
}

/**
 * A template of markup: html`<a href="${to}">${name}</a>` escapes `to` and `name`. A line break in the
 * template and the indentation after it are left out, so a template can be laid out on several lines
 * without adding white space between elements; a space that matters is written on its line.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Markup {
  const parts = literalsOf(strings);
  let out = parts[0]!;
  for (let index = 0; index < values.length; index++) out += piece(values[index]!) + parts[index + 1]!;
  return new Markup(out);
}
