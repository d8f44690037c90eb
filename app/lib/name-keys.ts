/**
 * Names that only look like another's (docs/decisions/096). A name is unique by its key, not by its
 * text: two names with the same key look the same on the page, so the second is refused as taken.
 * The full answer is Unicode's confusables skeleton (UTS #39); these are the cases Murmur's names can
 * reach, kept small enough to read.
 */

/**
 * A username is ASCII letters, digits and '_' (UsernameSchema) and is shown as typed, so the look-alikes
 * are ASCII ones, and only those drawn the same in the UI font (the system sans-serif: San Francisco,
 * Segoe UI, Roboto, Helvetica, Arial). First, case-sensitively, the capitals drawn like another
 * character: 'I' is 'l' (both a bare upright stroke) and 'O' is '0' (a plain oval either way). A
 * lower-case 'i' has its dot and a '1' its flag, and 'o' is shorter than '0': those stay themselves, so
 * 'neil' and 'nell', 'sami' and 'sam1' are different names (the review's finding, decision 096).
 */
export const USERNAME_CASE_LOOKALIKES: ReadonlyArray<readonly [from: string, to: string]> = [
  ["I", "l"],
  ["O", "0"],
];

/**
 * Then the name is lower-cased (usernames were always unique by lower(username)), and the pairs of
 * lower-case letters that pass for one: 'rn' for 'm' and 'vv' for 'w', the classic ones (UTS #39 lists
 * both), whose strokes touch at the sizes names are shown (a card's 15 px, a row's 13 px). The one letter
 * is spread into the pair rather than the pair merged (UTS #39's direction), so any run of v and w, or of
 * r, n and m, has one key however it is split ('vvw' and 'wvv' alike). 'cl' and 'd' are not here: the
 * gap between c and l shows, and the fold refused honest names ('dan' was 'clan').
 */
export const USERNAME_LOOKALIKES: ReadonlyArray<readonly [from: string, to: string]> = [
  ["m", "rn"],
  ["w", "vv"],
];

/**
 * Underscores run together into one line in the UI font: a run is one '_' in the key. Halving a run
 * this many times brings the longest a username can hold (USERNAME_MAX_LENGTH, 30) down to one; the
 * SQL twin (usernameKeySql) can only replace, not match a run.
 */
export const UNDERSCORE_HALVINGS = 5;

/**
 * What a username looks like (users.username_key, which SQLite computes by usernameKeySql): 'Ieo' and
 * 'leo', 'B0B' and 'BOB' alike. A name is taken when another's key is its key, or another is the same
 * name in another case (lower(username), the hard uniqueness): 'BOB' keys 'b0b', yet 'bob' takes it.
 */
export function usernameKey(username: string): string {
  let key = username;
  for (const [from, to] of USERNAME_CASE_LOOKALIKES) key = key.replaceAll(from, to);
  key = key.toLowerCase();
  for (const [from, to] of USERNAME_LOOKALIKES) key = key.replaceAll(from, to);
  for (let i = 0; i < UNDERSCORE_HALVINGS; i++) key = key.replaceAll("__", "_");
  return key;
}

/**
 * Characters a name shows nothing for: Unicode's format characters (Cf: zero-width spaces, U+2060,
 * U+FEFF, soft hyphens, direction marks), but for the zero-width joiner, which joins emoji into one
 * (a family, a flag) and is invisible only elsewhere.
 */
const INVISIBLE = /(?!\u200D)\p{Cf}/gu;
const STRAY_JOINER = /(?<![\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F])\u200D|\u200D(?!\p{Extended_Pictographic})/gu;

/** Any run of white space, the no-break ones (U+00A0, U+202F) and the wide ones (U+3000) included. */
const WHITE_SPACE = /\s+/gu;

/** A community's name as it is stored and shown: nothing invisible, one space between words, trimmed. */
export function cleanCommunityName(name: string): string {
  return name.replace(INVISIBLE, "").replace(STRAY_JOINER, "").replace(WHITE_SPACE, " ").trim();
}

/**
 * What a key leaves out besides: every joiner (a joined emoji looks like its parts in a list's small
 * type, near enough), the variation selectors and the combining grapheme joiner, which only change how
 * the character before them is drawn ('❤️' is '❤').
 */
const KEY_INVISIBLE = /\u200D|\p{Variation_Selector}|\u034F/gu;

/**
 * Cyrillic and Greek letters drawn like a Latin one, keyed lower-case (the key is case-folded first).
 * Where a letter's two cases look like different Latin letters (Greek Η is H, η nearly n), the capital's
 * wins: its likeness is exact. A small table of the common ones, not UTS #39's whole list: enough that
 * 'Тrail Runners' with a Cyrillic 'Т' is 'trail runners'.
 */
const CROSS_SCRIPT_LOOKALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: "a", в: "b", е: "e", з: "3", к: "k", м: "m", н: "h", о: "o", р: "p", с: "c", т: "t", у: "y", х: "x",
  ѕ: "s", і: "i", ј: "j", һ: "h", ӏ: "i", ԁ: "d", ԛ: "q", ԝ: "w",
  // Greek
  α: "a", β: "b", ε: "e", ζ: "z", η: "h", ι: "i", κ: "k", μ: "m", ν: "n", ο: "o", ρ: "p", τ: "t", υ: "y", χ: "x",
};
const CROSS_SCRIPT = new RegExp(`[${Object.keys(CROSS_SCRIPT_LOOKALIKES).join("")}]`, "gu");

/**
 * The key a community's name is unique by (communities.name_key): compatibility forms made plain
 * (NFKC: full-width letters, ligatures, 𝐓 for T), the name cleaned as it is stored and left without
 * joiners and selectors, case-folded, and letters of other scripts drawn like Latin ones made Latin.
 */
export function communityNameKey(name: string): string {
  return cleanCommunityName(name.normalize("NFKC"))
    .replace(KEY_INVISIBLE, "")
    .toLowerCase()
    .replace(CROSS_SCRIPT, (letter) => CROSS_SCRIPT_LOOKALIKES[letter] ?? letter);
}

/**
 * Check marks, with or without an emoji or text presentation selector after them: ✓ ✔ ☑ ✅ 🗸 🗹. The
 * verified badge is the only check mark shown beside a name, so a name may not bring its own.
 */
const CHECK_MARKS = /[\u2713\u2714\u2611\u2705\u{1F5F8}\u{1F5F9}]/u;

export function hasCheckMark(text: string): boolean {
  return CHECK_MARKS.test(text);
}
