import { PageLink } from "~/components/ui/page-link";
import type { CommentPreview } from "~/lib/types/post";
import { formatCount } from "~/lib/format";
import { Avatar } from "../avatar";
import { RelativeTime } from "../relative-time";
import { VerifiedBadge } from "../verified-badge";
import { PostText } from "./post-text";

/** Up to two of the post's most-liked comments, and the way to all of them. */
export function TopComments({ postId, comments, total }: { postId: string; comments: CommentPreview[]; total: number }) {
  if (comments.length === 0) return null;
  return (
    <div className="mt-2 flex flex-col gap-2">
      <ul className="flex flex-col gap-2" aria-label="Top comments">
        {comments.map((comment) => (
          <li key={comment.id} className="flex gap-2 rounded-xl bg-surface px-3 py-2">
            <Avatar src={comment.author.avatarUrl} size="sm" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="flex flex-wrap items-center gap-x-1">
                <PageLink to={`/profile/${comment.author.username}`} dir="auto" className="truncate font-semibold hover:underline" title={comment.author.displayName}>
                  {comment.author.displayName}
                </PageLink>
                <VerifiedBadge type={comment.author.verifiedType} />
                <span className="text-muted">{`@${comment.author.username} ·`}</span>
                <RelativeTime at={comment.createdAt} className="text-muted" />
              </p>
              <PostText text={comment.content} />
            </div>
          </li>
        ))}
      </ul>
      {total > comments.length ? (
        <PageLink to={`/post/${postId}`} className="text-sm text-accent hover:underline">
          {`View all ${formatCount(total)} comments`}
        </PageLink>
      ) : null}
    </div>
  );
}
