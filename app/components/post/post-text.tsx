import { Link } from "@remix-run/react";
import { segmentText } from "~/lib/text";

/**
 * A post's or comment's text: plain runs are React text (always escaped); hashtags, mentions and web
 * addresses are the only links, and the only markup a member's words can produce.
 */
export function PostText({ text, className = "" }: { text: string; className?: string }) {
  if (!text) return null;
  return (
    <p className={`post-text ${className}`}>
      {segmentText(text).map((segment, index) => {
        switch (segment.type) {
          case "hashtag":
            return (
              <Link key={index} to={`/hashtag/${encodeURIComponent(segment.tag)}`} discover="none" className="text-link">
                {segment.text}
              </Link>
            );
          case "mention":
            return (
              <Link key={index} to={`/profile/${segment.username}`} discover="none" className="text-link">
                {segment.text}
              </Link>
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
