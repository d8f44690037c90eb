/**
 * Markup as a string, for the parts of a post card that only show data (docs/decisions/057): its
 * author line, its repost or community line, its avatar, its text (a post's or comment's, wherever
 * `PostText` shows it), its actions' labels and counts, its top comments. React copies such a part
 * into its answer element by element; `html` writes the same markup in one template, and a component
 * puts it in place with `dangerouslySetInnerHTML`, which React neither hydrates nor diffs, and sets
 * again only when the string changes.
 *
 * Safe by construction: every value put into a template is escaped as React escapes text and
 * attributes, unless it is itself made by `html`. Only the template's own literal text is markup.
 * Values go in element content or in double-quoted attribute values (`class="${name}"`), and what
 * goes in an attribute is text, never markup: `html` does not know where a value sits.
 */

/**
 * Trusted markup. Only `html` makes it: neither data (loader data, JSON) nor other code can. (After a
 * hot reload in development, markup made by the old module is taken for text.)
 */
class TrustedMarkup {
  // A private member makes the type nominal: no other object type-checks as Markup. Type only.
  private declare readonly trusted: true;
  constructor(readonly __html: string) {}
  toString() {
    return this.__html;
  }
}

export type Markup = TrustedMarkup;

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
  if (value instanceof TrustedMarkup) return value.__html;
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) {
    let out = "";
    for (const part of value as readonly HtmlValue[]) out += piece(part);
    return out;
  }
  // Anything else is text, whatever its type says: a look-alike of markup is escaped like the rest.
  return escapeHtml(String(value));
}

/**
 * A template's literal part laid out much as JSX lays out its lines. A line break and the white space
 * around it go where they touch a tag (after '>', before '<'), fill a part alone (between two values)
 * or open or close the template; anywhere else they are one space (a class list, a tag's attributes
 * or a sentence wrapped onto two lines).
 */
function literal(part: string, first: boolean, last: boolean): string {
  return part.replace(/[ \t]*\n[ \t\r\n]*/g, (gap: string, at: number) => {
    const before = part[at - 1];
    const after = part[at + gap.length];
    const alone = before === undefined && after === undefined;
    const edge = (first && before === undefined) || (last && after === undefined);
    return alone || edge || before === ">" || after === "<" ? "" : " ";
  });
}

// Each template's literal parts, laid out once (a tagged template passes the same strings object on
// every call from the same place in the code).
const literals = new WeakMap<TemplateStringsArray, string[]>();

function literalsOf(strings: TemplateStringsArray): string[] {
  let parts = literals.get(strings);
  if (!parts) {
    parts = strings.map((part, index) => literal(part, index === 0, index === strings.length - 1));
    literals.set(strings, parts);
  }
  return parts;
}

/** A template of markup: html`<a href="${to}">${name}</a>` escapes `to` and `name`. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Markup {
  const parts = literalsOf(strings);
  let out = parts[0]!;
  for (let index = 0; index < values.length; index++) out += piece(values[index]!) + parts[index + 1]!;
  return new TrustedMarkup(out);
}
