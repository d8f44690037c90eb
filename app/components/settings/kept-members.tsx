import { useFetcher } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import type { KeptMember, KeptMemberPage } from "~/lib/types/profile";
import { MemberIdentity } from "~/components/member-identity";
import { SettingsSection } from "~/components/settings/settings-nav";
import { LoadMoreLink } from "~/components/ui/load-more-link";
import { PageLink } from "~/components/ui/page-link";
import { useAppendedPages } from "~/lib/use-appended-pages";
import { useLeavingRows } from "~/lib/use-leaving-rows";

type KeptTexts = { listTitle: string; listLinkHint: string; listEmpty: string; listEmptyHint: string; listLabel: string };

const entriesOf = (page: KeptMemberPage) => page.items;

/**
 * A settings page listing the members the member blocked (decision 100) or muted (107), newest first,
 * one keyset page at a time, each with its undo (`undo`). Undone here with JavaScript, a row goes at
 * once and the keyboard moves to the next row (its button had it), else to the heading.
 */
export function KeptMembersPage({
  list,
  path,
  texts,
  undo,
}: {
  list: KeptMemberPage;
  path: string;
  texts: KeptTexts;
  undo: (member: KeptMember, done: () => void) => ReactNode;
}) {
  const fetcher = useFetcher<{ list: KeptMemberPage }>();
  const { entries, cursor, loading, loadMore, listRef } = useAppendedPages(list, fetcher.data?.list, fetcher, entriesOf);
  const { gone, leave } = useLeavingRows();
  const items = entries.filter((member) => !gone.has(member.id));
  const next = cursor ? `${path}?${new URLSearchParams({ cursor })}` : null;
  return (
    <SettingsSection title={texts.listTitle} description={texts.listLinkHint}>
      {items.length === 0 ? (
        <div className="py-10 text-center">
          <p className="font-semibold">{texts.listEmpty}</p>
          <p className="text-sm text-muted">{texts.listEmptyHint}</p>
        </div>
      ) : (
        <ul ref={listRef} aria-label={texts.listLabel} className="-mx-4">
          {items.map((member) => (
            <KeptRow key={member.id} member={member} undo={undo} onUndone={(item) => leave(member.id, item)} />
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

/** A listed member: their profile link, and the undo. */
function KeptRow({
  member,
  undo,
  onUndone,
}: {
  member: KeptMember;
  undo: (member: KeptMember, done: () => void) => ReactNode;
  onUndone: (item: HTMLElement | null) => void;
}) {
  const item = useRef<HTMLLIElement>(null);
  return (
    <li ref={item} tabIndex={-1} className="focus-inset flex items-center gap-3 border-b border-line px-4 py-3">
      <PageLink to={`/profile/${member.username}`} className="flex min-w-0 flex-1 items-center gap-3">
        <MemberIdentity member={member} />
      </PageLink>
      {undo(member, () => onUndone(item.current))}
    </li>
  );
}
