import { PAGE_LINK } from "~/components/ui/page-link";
import { html, type Markup } from "~/lib/html";
import { collapseBlankLines, segmentText } from "~/lib/text";

/**
 * A post's or comment's words as markup: plain runs escaped, and hashtags, mentions and web addresses
 * the only links, the only markup a member's words can produce. Runs of blank lines are shown as two at
 * most (collapseBlankLines). A mention is isolated left to right and a hashtag in its own direction, so
 * in Arabic or Hebrew words '@maya' does not read 'maya@' nor '#hello' 'hello#' (decision 077).
 */
function wordsHtml(text: string): Markup[] {
  return segmentText(collapseBlankLines(text)).map((segment) => {
    switch (segment.type) {
      case "hashtag":
        return html`<a class="text-link" dir="auto" href="/hashtag/${encodeURIComponent(segment.tag)}" ${PAGE_LINK}>${segment.text}</a>`;
      case "mention":
        return html`<a class="text-link" dir="ltr" href="/profile/${segment.username}" ${PAGE_LINK}>${segment.text}</a>`;
      case "url":
        return html`<a href="${segment.href}" target="_blank" rel="noopener noreferrer nofollow ugc" class="text-link">${segment.text}</a>`;
      default:
        return html`${segment.text}`;
    }
  });
}

const textClass = (className: string) => `post-text ${className}`;

/**
 * A post's or comment's text. dir="auto" isolates it and gives it the direction of its own first
 * letter (app/tailwind.css, .post-text). Its words are markup (decision 057): React does not hydrate
 * them, and writes them again only when the text changes.
 */
export function PostText({ text, className = "" }: { text: string; className?: string }) {
  if (!text) return null;
  return <p dir="auto" className={textClass(className)} dangerouslySetInnerHTML={html`${wordsHtml(text)}`} />;
}

/** The same text as markup, for the parts of a card written with `html`; nothing for no text. */
export function postTextHtml(text: string, className = ""): Markup {
  return text ? html`<p dir="auto" class="${textClass(className)}">${wordsHtml(text)}</p>` : html``;
}
