import { PageLink } from "~/components/ui/page-link";
import { segmentText } from "~/lib/text";

/**
 * A post's or comment's text: plain runs are React text (always escaped); hashtags, mentions and web
 * addresses are the only links, and the only markup a member's words can produce. dir="auto" isolates
 * it and gives it the direction of its own first letter (app/tailwind.css, .post-text).
 */
export function PostText({ text, className = "" }: { text: string; className?: string }) {
  if (!text) return null;
  return (
    <p dir="auto" className={`post-text ${className}`}>
      {segmentText(text).map((segment, index) => {
        switch (segment.type) {
          case "hashtag":
            return (
              <PageLink key={index} to={`/hashtag/${encodeURIComponent(segment.tag)}`} className="text-link">
                {segment.text}
              </PageLink>
            );
          case "mention":
            return (
              <PageLink key={index} to={`/profile/${segment.username}`} className="text-link">
                {segment.text}
              </PageLink>
            );
          case "url":
            return (
              <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow ugc" className="text-link">
                {segment.text}
              </a>
            );
          default:
            return segment.text;
        }
      })}
    </p>
  );
}
