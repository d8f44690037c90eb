import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { requireUser } from "~/.server/auth/guards";
import { loadCommunities } from "~/.server/community-page";
import type { CommunitiesTab } from "~/lib/types/community";
import { searchQueryOf } from "~/.server/posts/search";
import { CommunityCard } from "~/components/community/community-card";
import { CommunityForm } from "~/components/community/community-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Icon } from "~/components/icon";
import { PageHeader } from "~/components/page-header";
import { buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { SearchForm } from "~/components/ui/search-form";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";

export const meta: MetaFunction = () => [{ title: "Communities | Murmur" }];

const TABS: CommunitiesTab[] = ["joined", "discover"];

function href(tab: CommunitiesTab, query: string | null, cursor?: string | null) {
  const params = new URLSearchParams();
  if (tab !== "joined") params.set("tab", tab);
  if (query) params.set("q", query);
  if (cursor) params.set("cursor", cursor);
  return params.size ? `/communities?${params}` : "/communities";
}

/**
 * /communities (spec document 2 §2): tabs Joined and Discover (links), a search over names and
 * descriptions, Create, and each community's card with Join / Leave and, for its creator and admins,
 * Invite. Discover is computed per request from candidates (docs/decisions/035); 'Refresh
 * Recommendations' reads it again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab: CommunitiesTab = url.searchParams.get("tab") === "discover" ? "discover" : "joined";
  const query = searchQueryOf(url.searchParams.get("q"));
  const cursor = url.searchParams.get("cursor");
  const loaded = loadCommunities(context, tab, query, tab === "joined" && !query ? cursor : null);
  await requireUser(request, context);
  const { list, failed } = await loaded;
  return { tab, query, list, failed, paged: Boolean(cursor) && tab === "joined" && !query };
}

export default function Communities() {
  const { tab, query, list, failed, paged } = useLoaderData<typeof loader>();
  const [creating, setCreating] = useState(false);
  const empty =
    query !== null
      ? { title: COMMUNITY_MESSAGES.noResults, text: COMMUNITY_MESSAGES.noResultsText }
      : tab === "joined"
        ? { title: COMMUNITY_MESSAGES.noJoined, text: COMMUNITY_MESSAGES.noJoinedText }
        : { title: COMMUNITY_MESSAGES.noDiscover, text: COMMUNITY_MESSAGES.noDiscoverText };
  return (
    <div>
      <PageHeader title={COMMUNITY_MESSAGES.title}>
        <div className="flex justify-end px-4 pb-2">
          <Link
            to="/communities/new"
            onClick={(event) => {
              event.preventDefault();
              setCreating(true);
            }}
            className={buttonClass("primary", "inline-flex items-center gap-1.5 px-4 py-1.5 text-sm")}
          >
            <Icon name="plus" className="size-4" />
            {COMMUNITY_MESSAGES.create}
          </Link>
        </div>
        <SearchForm action="/communities" label={COMMUNITY_MESSAGES.search} query={query} />
        <nav aria-label={COMMUNITY_MESSAGES.tabsLabel} className="flex">
          {TABS.map((each) => (
            <Link
              key={each}
              to={href(each, query)}
              aria-current={each === tab ? "page" : undefined}
              className={`flex-1 px-3 py-3 text-center font-semibold hover:bg-surface ${each === tab ? "border-b-4 border-accent text-fg" : "text-muted"}`}
            >
              {COMMUNITY_MESSAGES.tabs[each]}
            </Link>
          ))}
        </nav>
      </PageHeader>
      {tab === "discover" && !query ? (
        <p className="flex justify-end border-b border-line px-4 py-2">
          <Link to={href("discover", null)} reloadDocument={false} className="text-sm text-accent hover:underline">
            {COMMUNITY_MESSAGES.refresh}
          </Link>
        </p>
      ) : null}
      {query ? (
        <p className="flex items-center justify-between gap-3 border-b border-line px-4 py-2 text-sm">
          <span className="min-w-0 wrap-anywhere">
            {"Communities matching "}
            <strong>{`“${query}”`}</strong>
          </span>
          <Link to={href(tab, null)} className="shrink-0 text-accent hover:underline">
            Clear search
          </Link>
        </p>
      ) : null}
      {paged ? (
        <p className="border-b border-line px-4 py-2 text-sm">
          <Link to={href(tab, query)} className="text-accent hover:underline">
            Back to your newest communities
          </Link>
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="p-6 text-center text-danger">
          {COMMUNITY_MESSAGES.loadFailed}
        </p>
      ) : list.items.length === 0 ? (
        <div className="px-6 py-16 text-center">
          <h2 className="text-xl font-bold">{empty.title}</h2>
          <p className="mt-1 text-muted">{empty.text}</p>
        </div>
      ) : (
        <ul aria-label={query ? "Search results" : COMMUNITY_MESSAGES.tabs[tab]}>
          {list.items.map((community) => (
            <CommunityCard key={community.id} community={community} />
          ))}
        </ul>
      )}
      {list.nextCursor && !failed ? (
        <div className="flex justify-center border-b border-line p-4">
          <Link to={href(tab, query, list.nextCursor)} className={buttonClass("secondary", "px-4 py-2 text-sm")}>
            Load more
          </Link>
        </div>
      ) : null}
      <Dialog open={creating} onClose={() => setCreating(false)} title={COMMUNITY_MESSAGES.createTitle} className="w-[min(96vw,32rem)]">
        {creating ? <CommunityForm mode="create" action="/communities/new" /> : null}
      </Dialog>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
