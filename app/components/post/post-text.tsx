import { Link } from "@remix-run/react";
import { segmentText } from "~/lib/text";

/**
 * A post's or comment's text: plain runs are React text (always escaped); hashtags, mentions and web
 * addresses are the only links, and the only markup a member's words can produce.
 */
export function PostText({ text, className = "" }: { text: string; className?: string }) {
  if (!text) return null;
  return (
    <p className={`whitespace-pre-wrap break-words [overflow-wrap:anywhere] ${className}`}>
      {segmentText(text).map((segment, index) => {
        switch (segment.type) {
          case "hashtag":
            return (
              <Link key={index} to={`/hashtag/${encodeURIComponent(segment.tag)}`} className="text-accent hover:underline">
                {segment.text}
              </Link>
            );
          case "mention":
            return (
              <Link key={index} to={`/profile/${segment.username}`} className="text-accent hover:underline">
                {segment.text}
              </Link>
            );
          case "url":
            return (
              <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow ugc" className="text-accent hover:underline">
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
