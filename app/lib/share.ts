import type { SharePlatform } from "./post-options";
import type { PostView } from "./types/post";

/** A post's page on this site: a community's post lives in its community (spec document 1 §2.1). */
export function postPath(postId: string, communityId: string | null = null): string {
  return communityId ? `/community/${communityId}/post/${postId}` : `/post/${postId}`;
}

/** The address a shared post is opened at (spec document 1 §2.1). */
export function postUrl(origin: string, postId: string, communityId: string | null = null): string {
  return `${origin}${postPath(postId, communityId)}`;
}

export type ShareTarget = { platform: Exclude<SharePlatform, "internal" | "copy">; label: string; href: string };

/**
 * The words a share carries (a tweet's text, a message's first lines): the post's, when anyone may read
 * it; else none, only the link, which shows each person what they may see. A subscriber sharing a paid
 * post, or a member a private community's, does not publish its words by a click.
 */
export function sharedText(post: Pick<PostView, "content" | "forEveryone">): string {
  return post.forEveryone ? post.content : "";
}

/** Where each share button leads; e-mail is a mailto link, the others open a 550×420 popup with JavaScript. */
export function shareTargets(url: string, text: string): ShareTarget[] {
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const summary = text ? `${text}\n\n` : "";
  return [
    { platform: "twitter", label: "Twitter", href: `https://twitter.com/intent/tweet?${q({ text, url })}` },
    { platform: "facebook", label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?${q({ u: url })}` },
    { platform: "linkedin", label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?${q({ url })}` },
    { platform: "whatsapp", label: "WhatsApp", href: `https://wa.me/?${q({ text: `${summary}${url}` })}` },
    {
      platform: "email",
      label: "Email",
      href: `mailto:?subject=${encodeURIComponent("A post on Murmur")}&body=${encodeURIComponent(`${summary}${url}`)}`,
    },
  ];
}

/**
 * The hosts share redirects may go to (the page's form-action policy must allow them). A browser checks
 * form-action at every redirect of the form's navigation, so the hosts the services send on to are
 * listed too: twitter.com answers with x.com, wa.me with api.whatsapp.com, Facebook on a phone with
 * m.facebook.com.
 */
export const SHARE_HOSTS = [
  "https://twitter.com",
  "https://x.com",
  "https://www.facebook.com",
  "https://m.facebook.com",
  "https://www.linkedin.com",
  "https://wa.me",
  "https://api.whatsapp.com",
];
