import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { requireUser } from "~/.server/auth/guards";
import { blockedListRead, type BlockedEntry, type BlockedPage } from "~/.server/blocks";
import { readLater } from "~/.server/db/reads";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MemberIdentity } from "~/components/member-identity";
import { UnblockButton } from "~/components/profile/block-form";
import { SettingsSection } from "~/components/settings/settings-nav";
import { LoadMoreLink } from "~/components/ui/load-more-link";
import { PageLink } from "~/components/ui/page-link";
import { BLOCK_TEXTS } from "~/lib/texts/profile";
import { useAppendedPages } from "~/lib/use-appended-pages";
import { useLeavingRows } from "~/lib/use-leaving-rows";

export const meta: MetaFunction = () => [{ title: `${BLOCK_TEXTS.listTitle} | Murmur` }, { name: "robots", content: "noindex" }];

/** The members the member blocked (decision 100), newest first, one keyset page at a time. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get("cursor");
  const answers = readLater(context.readAsMember((viewer) => [blockedListRead(context.db, viewer, cursor)] as const));
  await requireUser(request, context);
  const list = (await answers)?.[0] ?? { items: [], nextCursor: null };
  return { list };
}

const entriesOf = (page: BlockedPage) => page.items;

export default function BlockedAccountsPage() {
  const { list } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof loader>();
  const { entries, cursor, loading, loadMore, listRef } = useAppendedPages(list, fetcher.data?.list, fetcher, entriesOf);
  // Unblocked here (with JavaScript): gone at once, the keyboard to the next row (its Unblock had it).
  const { gone: unblocked, leave } = useLeavingRows();
  const items = entries.filter((member) => !unblocked.has(member.id));
  const next = cursor ? `/settings/blocked?${new URLSearchParams({ cursor })}` : null;
  return (
    <SettingsSection title={BLOCK_TEXTS.listTitle} description={BLOCK_TEXTS.listLinkHint}>
      {items.length === 0 ? (
        <div className="py-10 text-center">
          <p className="font-semibold">{BLOCK_TEXTS.listEmpty}</p>
          <p className="text-sm text-muted">{BLOCK_TEXTS.listEmptyHint}</p>
        </div>
      ) : (
        <ul ref={listRef} aria-label={BLOCK_TEXTS.listLabel} className="-mx-4">
          {items.map((member) => (
            <BlockedRow
              key={member.id}
              member={member}
              onUnblocked={(item) => leave(member.id, item)}
            />
          ))}
        </ul>
      )}
      {next ? (
        <LoadMoreLink to={next} loading={loading} onLoad={() => loadMore(next)}>
          Load more
        </LoadMoreLink>
      ) : null}
    </SettingsSection>
  );
}

/** A blocked member: their profile link, and Unblock. */
function BlockedRow({ member, onUnblocked }: { member: BlockedEntry; onUnblocked: (item: HTMLElement | null) => void }) {
  const item = useRef<HTMLLIElement>(null);
  return (
    <li ref={item} tabIndex={-1} className="focus-inset flex items-center gap-3 border-b border-line px-4 py-3">
      <PageLink to={`/profile/${member.username}`} className="flex min-w-0 flex-1 items-center gap-3">
        <MemberIdentity member={member} />
      </PageLink>
      <UnblockButton username={member.username} returnTo="/settings/blocked" onDone={() => onUnblocked(item.current)} />
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
