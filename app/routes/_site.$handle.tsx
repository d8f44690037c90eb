import { data, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaDescriptor, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useParams } from "@remix-run/react";
import { getOptionalUser, requireUser } from "~/.server/auth/guards";
import { EDGE_CACHEABLE } from "~/.server/edge-cache";
import { invariantResponse } from "~/.server/http";
import { profileUsername } from "~/.server/profiles";
import { loadPublicProfile } from "~/.server/public-profile";
import { DEFAULT_AVATAR_PNG } from "~/components/avatar";
import { errorPageTitle, GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { PublicProfile } from "~/components/profile/public-profile";
import { PROFILE_DESCRIPTION_MAX_LENGTH } from "~/lib/constants";
import { PROFILE_MESSAGES } from "~/lib/texts/profile";
import { PUBLIC_PROFILE_MESSAGES } from "~/lib/texts/public-profile";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { clipCharacters } from "~/lib/text";

/**
 * /@username: the public profile (spec document 2 §2, "Top-level routing" and "Public profile (signed
 * out)"). Remix's dynamic segments are whole segments, so this route takes every single-segment path
 * that no other route names; those that do not start with "@" behave as any unknown path does (sign-in
 * for a visitor, 'Page not found' for a member). A signed-in member goes to the member's profile
 * (/profile for their own). What a visitor sees is the same for every visitor and kept in the edge
 * cache (docs/decisions/028).
 */
const isProfileHandle = (handle: string | undefined): handle is `@${string}` => Boolean(handle?.startsWith("@"));

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isProfileHandle(params.handle)) {
    await requireUser(request, context);
    throw new Response("Not Found", { status: 404 });
  }
  const url = new URL(request.url);
  const username = profileUsername(params.handle.slice(1));
  const loaded = username ? loadPublicProfile(context, username, url.searchParams.get("cursor")) : null;
  const member = await getOptionalUser(context);
  if (member && username) {
    throw redirect(member.username.toLowerCase() === username.toLowerCase() ? "/profile" : `/profile/${username}`);
  }
  const found = await loaded;
  invariantResponse(found?.profile, PROFILE_MESSAGES.notFound, { status: 404 });
  const { profile, settings, page, failed } = found;
  // One address per member: /@Name and /%40name lead to the username as written.
  const path = `/@${profile.username}`;
  if (url.pathname !== path) throw redirect(`${path}${url.search}`);
  const postsVisible = settings.keptFor === null;
  const body = {
    profile,
    page: postsVisible ? page : { items: [], nextCursor: null },
    failed: postsVisible ? failed : null,
    keptFor: settings.keptFor,
    indexable: settings.indexable,
    url: `${url.origin}${path}`,
    // A share card's image: services show no SVG, so the default avatar's PNG (scripts/raster-icons.mjs).
    image: new URL(profile.avatarUrl || DEFAULT_AVATAR_PNG, url.origin).toString(),
  };
  // Whole pages only: one whose posts could not be read is not kept for the next visitors.
  return data(body, { headers: failed && postsVisible ? { "Cache-Control": "no-store" } : EDGE_CACHEABLE });
}

/** The page's own headers: the edge cache's mark (or no-store), which the worker keeps to itself. */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** What a shared link previews (crawlers run no JavaScript: these are in the server's HTML). */
export const meta: MetaFunction<typeof loader> = ({ data, params, error }) => {
  if (!data) return [{ title: isProfileHandle(params.handle) ? `${PROFILE_MESSAGES.notFound} | Murmur` : errorPageTitle(error) }];
  const { profile } = data;
  const title = `${profile.displayName} (@${profile.username})`;
  const bio = profile.bio?.replace(/\s+/g, " ").trim();
  const description = bio ? clipCharacters(bio, PROFILE_DESCRIPTION_MAX_LENGTH) : PUBLIC_PROFILE_MESSAGES.description(profile.displayName, profile.username);
  const tags: MetaDescriptor[] = [
    { title: `${title} | Murmur` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: data.url },
    { property: "og:type", content: "profile" },
    { property: "og:site_name", content: "Murmur" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: data.url },
    { property: "og:image", content: data.image },
    { property: "og:image:alt", content: `${profile.displayName}'s avatar` },
    { property: "profile:username", content: profile.username },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: data.image },
  ];
  if (!data.indexable) tags.push({ name: "robots", content: "noindex" });
  return tags;
};

/** Cut at a character, not inside one (an emoji is two UTF-16 code units). */
export const shouldRevalidate = skipQuietRevalidation;

export default function PublicProfileRoute() {
  const { profile, page, failed, keptFor } = useLoaderData<typeof loader>();
  return <PublicProfile profile={profile} page={page} failed={failed} keptFor={keptFor} />;
}

export function ErrorBoundary() {
  const { handle } = useParams();
  // An unknown path that is no profile keeps the app's own 'Page not found'.
  return (
    <GeneralErrorBoundary
      statusHandlers={isProfileHandle(handle) ? { 404: notFound(PROFILE_MESSAGES.notFound, PROFILE_MESSAGES.notFoundText) } : {}}
    />
  );
}
