import { PageLink, profileLinkHtml } from "~/components/ui/page-link";
import type { CommentPreview } from "~/lib/types/post";
import { formatCount } from "~/lib/format";
import { html, type Markup } from "~/lib/html";
import { avatarHtml } from "../avatar";
import { relativeTimeHtml, useTimesReadNow } from "../relative-time";
import { verifiedBadgeHtml } from "../verified-badge";
import { postTextHtml } from "./post-text";

/** A comment as its post's card previews it: only data, so markup (decision 057). */
function previewHtml({ author, content, createdAt }: CommentPreview): Markup {
  return html`
    <li class="flex gap-2 rounded-xl bg-surface px-3 py-2">
      ${avatarHtml({ src: author.avatarUrl, size: "sm" })}
      <div class="min-w-0 flex-1 text-sm">
        <p class="flex flex-wrap items-center gap-x-1">
          ${profileLinkHtml({ username: author.username, name: author.displayName, className: "truncate font-semibold hover:underline" })}
          ${verifiedBadgeHtml(author.verifiedType)}
          <span class="truncate text-muted">${`@${author.username} ·`}</span>
          ${relativeTimeHtml(createdAt, "text-muted")}
        </p>
        ${postTextHtml(content)}
      </div>
    </li>`;
}

/** Up to two of the post's most-liked comments, and the way to all of them. */
export function TopComments({ postId, comments, total }: { postId: string; comments: CommentPreview[]; total: number }) {
  const list = useTimesReadNow<HTMLUListElement>();
  if (comments.length === 0) return null;
  return (
    <div className="mt-2 flex flex-col gap-2">
      {/* Their times are the server's reading until useTimesReadNow's: no warning for that in development. */}
      <ul ref={list} className="flex flex-col gap-2" aria-label="Top comments" dangerouslySetInnerHTML={html`${comments.map(previewHtml)}`} suppressHydrationWarning />
      {total > comments.length ? (
        <PageLink to={`/post/${postId}`} className="text-sm text-accent hover:underline">
          {`View all ${formatCount(total)} comments`}
        </PageLink>
      ) : null}
    </div>
  );
}
