import { createContext, lazy, Suspense, useCallback, useContext, useState, type ComponentProps, type ReactNode } from "react";
import { PageLink } from "~/components/ui/page-link";
import { Dialog } from "../ui/dialog";
import { ReplyForm } from "./comment-form";
import { QuotedPost } from "./quoted-post";

/** The composer (and its form rules) load when first opened, not with every page (DESIGN.md §9). */
const loadComposer = () => import("./composer");
const Composer = lazy(() => loadComposer().then((module) => ({ default: module.Composer })));
export type ReplyTarget = { postId: string; displayName: string; username: string; excerpt: string };

/** The community a post is written in ('Post in {name}', spec document 1 §2.6). */
export type ComposeCommunity = { id: string; name: string };

type Opened = { mode: "post"; community?: ComposeCommunity } | { mode: "reply"; target: ReplyTarget };

const OpenComposer = createContext<((opened: Opened) => void) | null>(null);

/**
 * With JavaScript the composer opens as a dialog over the current page; its links still lead to
 * /compose (the full page) for anyone without it.
 */
export function ComposeProvider({ canPostForSubscribers, children }: { canPostForSubscribers: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const close = useCallback(() => setOpened(null), []);
  return (
    <OpenComposer.Provider value={setOpened}>
      {children}
      <Dialog
        open={opened !== null}
        onClose={close}
        title={opened?.mode === "reply" ? "Reply" : opened?.community ? `Post in ${opened.community.name}` : "Create Post"}
        className="w-[min(96vw,36rem)]"
      >
        {opened?.mode === "post" ? (
          <Suspense fallback={<p className="py-8 text-center text-muted">Loading...</p>}>
            <Composer canPostForSubscribers={canPostForSubscribers} onPosted={close} autoFocus communityId={opened.community?.id} />
          </Suspense>
        ) : null}
        {opened?.mode === "reply" ? (
          <div className="flex flex-col gap-3">
            <ReplyingTo target={opened.target} />
            <ReplyForm
              scope="dialog"
              postId={opened.target.postId}
              rows={4}
              autoFocus
              onPosted={close}
            />
          </div>
        ) : null}
      </Dialog>
    </OpenComposer.Provider>
  );
}

export function ReplyingTo({ target }: { target: ReplyTarget }) {
  return <QuotedPost displayName={target.displayName} username={target.username} text={target.excerpt} />;
}

/** A link to the composer (or, with `reply`, to the reply composer) that opens the dialog with JavaScript. */
export function ComposeLink({ reply, community, ...props }: Omit<ComponentProps<typeof PageLink>, "to"> & { reply?: ReplyTarget; community?: ComposeCommunity }) {
  const open = useContext(OpenComposer);
  return (
    <PageLink
      {...props}
      to={reply ? `/compose?${new URLSearchParams({ replyTo: reply.postId })}` : community ? `/compose?${new URLSearchParams({ community: community.id, returnTo: `/community/${community.id}` })}` : "/compose"}
      // Start fetching the composer as soon as the pointer or focus shows intent.
      onPointerEnter={reply ? undefined : () => void loadComposer()}
      onFocus={reply ? undefined : () => void loadComposer()}
      onClick={(event) => {
        props.onClick?.(event);
        if (!open || event.defaultPrevented) return;
        event.preventDefault();
        open(reply ? { mode: "reply", target: reply } : { mode: "post", community });
      }}
    />
  );
}
