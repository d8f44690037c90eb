/**
 * Post text rules shared by the composer (browser) and the server: length as a person counts it,
 * hashtag and mention extraction, and the segments a post card renders (spec document 1 §5).
 */

import { MAX_CODE_UNITS_PER_CHARACTER } from "./constants";

// Made on first use: a segmenter loads the platform's break data, which costs a page that never counts
// characters (every post card loads this module) tens of milliseconds on a phone.
let segmenter: Intl.Segmenter | undefined;

/** Characters as a person sees them: an emoji, a flag or an accented letter counts once. */
export function countCharacters(text: string): number {
  let count = 0;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

/**
 * Characters as a limit of `max` counts them: as a person counts them, but text longer than `max`
 * characters could ever take (MAX_CODE_UNITS_PER_CHARACTER each) is over the limit however it counts.
 * The counter under a field and the schemas agree through it.
 */
export function limitCount(text: string, max: number): number {
  const count = countCharacters(text);
  return text.length > max * MAX_CODE_UNITS_PER_CHARACTER ? Math.max(count, max + 1) : count;
}

/** Whether text is within a limit of `max` characters (`limitCount`), the cheap length check first: a megabyte is not segmented. */
export function withinCharacters(text: string, max: number): boolean {
  return text.length <= max * MAX_CODE_UNITS_PER_CHARACTER && countCharacters(text) <= max;
}

/**
 * Characters that show nothing by themselves: white space, Unicode's default-ignorable characters
 * (zero-width spaces and joiners, direction marks and controls, the byte-order mark, variation
 * selectors, the Hangul fillers, tags) and the blank braille pattern.
 */
const INVISIBLE_ONLY = /^[\s\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/** Whether a text shows nothing: a post, a comment or a name of zero-width spaces is as empty as "". */
export function isBlank(text: string): boolean {
  return INVISIBLE_ONLY.test(text);
}

/**
 * A line break, the blank lines after it, and the break that ends them: a blank line is one of only
 * white space or invisible characters (as `isBlank` counts them).
 */
const BLANK_LINES = /\n(?:(?:(?!\n)[\s\p{Default_Ignorable_Code_Point}\u2800])*\n){3,}/gu;

/**
 * The text as it is shown (a post, a comment, a message, a bio, a description): at most two blank lines
 * in a row, so a post of sixty empty lines between two words is not a card as tall as the screen
 * (decision 077). What is stored is left as it was written.
 */
export function collapseBlankLines(text: string): string {
  return text.includes("\n") ? text.replace(BLANK_LINES, "\n\n\n") : text;
}

/**
 * Direction embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). A one-line text (a
 * name, a place) is shown with its direction found from its letters (`dir="auto"`), and in places no
 * element isolates, such as a page's title, an override left open there turns the rest of the line around.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** The text without direction controls: a one-line field's (schemas/clean-text.ts), or a line no element isolates (a page's title). */
export function withoutDirectionControls(text: string): string {
  return text.replace(DIRECTION_CONTROLS, "");
}

/** The text's characters as a person counts them, each as a string. */
export function charactersOf(text: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** The text cut to at most `max` characters as a person counts them, with '…' when it was longer. */
export function clipCharacters(text: string, max: number): string {
  const characters = charactersOf(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join("").trimEnd()}…`;
}

/**
 * Letters of the scripts written without spaces between words (and Hangul, whose particles follow a
 * name at once, as in '@maya님'): a mention may touch them, as '@mayaさん' or '谢谢@maya' do; a Latin
 * letter, a mark or a digit next to '@' makes it part of a word or an e-mail address instead.
 */
const UNSPACED = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\u30FC`;
/**
 * What may stand just before a mention's '@' (or the full-width '＠'): not a letter, mark or digit of
 * a spaced script, but an emoji's presentation selector or a keycap's mark may ('❤️@maya').
 */
const BEFORE_MENTION_CHARACTER = String.raw`(?:^|[^\p{L}\p{M}\p{N}_@.＠]|[${UNSPACED}]|[\uFE0E\uFE0F\u20E3])`;
const BEFORE_MENTION = `(?<=${BEFORE_MENTION_CHARACTER})`;
/** A letter of those scripts, alone. */
const UNSPACED_LETTER = new RegExp(`[${UNSPACED}]`, "u");
/** What may stand just after a mention's username. */
const AFTER_MENTION = String.raw`(?=$|[^\p{L}\p{M}\p{N}@＠]|[${UNSPACED}])`;

/**
 * A hashtag's characters: it starts with a letter, digit or '_' (any script); then those, marks (but
 * not an emoji's presentation selectors or a keycap's enclosing mark: '#️⃣' is no tag), and the
 * characters that join a word's parts inside it (a zero-width non-joiner or joiner, as Persian writes
 * 'می‌خواهم'; Hebrew's geresh and gershayim; the katakana middle dot; Tibetan's tsheg; the middle dot
 * of Catalan's 'l·l'), each followed by more of the word.
 */
const TAG = String.raw`[\p{L}\p{N}_](?:[\p{L}\p{N}_]|(?![\uFE0E\uFE0F\u20E3])\p{M}|(?:[\u200C\u00B7\u05F3\u05F4\u30FB\u0F0B]|\u200D)(?=[\p{L}\p{N}_]|(?![\uFE0E\uFE0F\u20E3])\p{M}))*`;
/** A whole tag, as an address names it and as it is stored. */
const WHOLE_TAG = new RegExp(`^${TAG}$`, "u");

/**
 * One pattern finds every link-like piece of a post, so extraction and rendering always agree (each
 * sign is matched before what may stand before it is looked at: a look behind at every character of
 * a card's text cost three times the time):
 * - a URL: http(s):// up to whitespace (trailing punctuation left out);
 * - a hashtag: '#' (or '＃') then `TAG`, not inside a word or a URL path;
 * - a mention: '@' (or '＠') then a username (ASCII letters, digits, '_'), not inside a word or an
 *   e-mail address (`BEFORE_MENTION`, `AFTER_MENTION`).
 */
const TOKEN = new RegExp(
  String.raw`(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]'])|[#＃](?<![\p{L}\p{N}_&/#＃@][#＃])(${TAG})|[@＠](?<=${BEFORE_MENTION_CHARACTER}[@＠])([A-Za-z0-9_]+)${AFTER_MENTION}`,
  "gu",
);

const HASHTAG_MAX_LENGTH = 100;
const MENTION_MAX_LENGTH = 30;

export type TextSegment =
  | { type: "text"; text: string }
  | { type: "url"; text: string; href: string }
  | { type: "hashtag"; text: string; tag: string }
  | { type: "mention"; text: string; username: string };

/** Whether a folded tag is one: no longer than the limit, not only digits ('#1' is a number, not a topic), and still of a tag's characters (NFKC makes '½' '1⁄2'). */
function isHashtag(tag: string): boolean {
  return tag.length <= HASHTAG_MAX_LENGTH && /[^\p{N}]/u.test(tag) && WHOLE_TAG.test(tag);
}

/**
 * A hashtag as posts store it and pages look it up: compatibility forms folded ('#ＭＵＲＭＵＲ' is
 * #murmur; NFKC, so a decomposed accent is the composed one too), lower-case, and the dotted capital
 * I's lower case ('i' and a combining dot) the 'i' of '#istanbul', so '#İstanbul' is that tag.
 */
export function foldHashtag(tag: string): string {
  return tag.normalize("NFKC").toLowerCase().replace(/i\u0307/g, "i").normalize("NFC");
}

/**
 * Whether a name found after '@' is a mention: not longer than a username, and not only digits where it
 * touches a letter of a script without spaces (Japanese writes a price so: '単価@100円').
 */
function isMention(name: string, before: string, after: string): boolean {
  if (/^\d+$/.test(name) && (UNSPACED_LETTER.test(before) || UNSPACED_LETTER.test(after))) return false;
  return name.length <= MENTION_MAX_LENGTH;
}

/** The code point just before `index` (a surrogate pair whole), or "". */
const characterBefore = (text: string, index: number) => Array.from(text.slice(Math.max(0, index - 2), index)).at(-1) ?? "";
/** The code point at `index`, or "". */
const characterAt = (text: string, index: number) => String.fromCodePoint(text.codePointAt(index) ?? 0).replace("\0", "");

/** The text cut into plain runs and links, in order; joining every segment's text gives the input back. */
export function segmentText(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  const push = (segment: TextSegment, start: number) => {
    if (start > last) segments.push({ type: "text", text: text.slice(last, start) });
    segments.push(segment);
    last = start + segment.text.length;
  };
  for (const match of text.matchAll(TOKEN)) {
    const [whole, url, tag, name] = match;
    const start = match.index;
    if (url) push({ type: "url", text: url, href: url }, start);
    else if (tag && isHashtag(foldHashtag(tag))) push({ type: "hashtag", text: whole, tag: foldHashtag(tag) }, start);
    else if (name && isMention(name, characterBefore(text, start), characterAt(text, start + whole.length)))
      push({ type: "mention", text: whole, username: name.toLowerCase() }, start);
  }
  if (last < text.length) segments.push({ type: "text", text: text.slice(last) });
  return segments;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** Hashtags of a text, lower-case without '#', each once, in order of first appearance. */
export function extractHashtags(text: string): string[] {
  return unique(segmentText(text).flatMap((s) => (s.type === "hashtag" ? [s.tag] : [])));
}

/** Mentioned usernames, lower-case without '@', each once, in order of first appearance. */
export function extractMentions(text: string): string[] {
  return unique(segmentText(text).flatMap((s) => (s.type === "mention" ? [s.username] : [])));
}

/** The word being typed at the caret if it is a mention in progress ('@ma' → 'ma'), for suggestions. */
export function mentionQueryAt(text: string, caret: number): { query: string; start: number } | null {
  const before = text.slice(0, caret);
  const match = MENTION_TYPED.exec(before);
  if (!match?.[1]) return null;
  return { query: match[1], start: caret - match[1].length - 1 };
}

/** A mention being typed at the end of the text: where `TOKEN` would find one. */
const MENTION_TYPED = new RegExp(String.raw`${BEFORE_MENTION}[@＠]([A-Za-z0-9_]{1,30})$`, "u");

/**
 * The hashtag an address names, as posts store it (`foldHashtag`, no '#'): '/hashtag/Murmur' and
 * '/hashtag/%23murmur' are #murmur. Null when it could not be a hashtag (other characters, digits
 * only, too long), so a page can say so instead of reading.
 */
export function hashtagOf(value: string | null | undefined): string | null {
  const written = (value ?? "").replace(/^[#＃]/, "");
  // Written of a tag's characters too: '™' folds to 'tm', but no post's '#a™' is #atm.
  const tag = foldHashtag(written);
  return WHOLE_TAG.test(written.normalize("NFC")) && isHashtag(tag) ? tag : null;
}

