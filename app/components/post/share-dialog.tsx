import { Icon } from "~/components/icon";
import type { PostCounts, PostView } from "~/lib/types/post";
import { useRootData } from "~/lib/root-data";
import { SHARE_POPUP } from "~/lib/constants";
import { POST_MESSAGES } from "~/lib/messages";
import type { SharePlatform } from "~/lib/post-options";
import { postUrl, sharedText, shareTargets } from "~/lib/share";
import { showToast } from "~/lib/toast-store";
import { buttonClass } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { inputClass } from "../ui/field";
import { QuotedPost } from "./quoted-post";

export const SHARE_TITLE = "Share post";

function SharePreview({ post }: { post: PostView }) {
  return <QuotedPost displayName={post.author.displayName} username={post.author.username} verifiedType={post.author.verifiedType} text={post.content} />;
}

function useShareUrl(post: PostView) {
  const origin = useRootData()?.origin ?? "";
  return postUrl(origin, post.id, post.communityId);
}

const targetClass = buttonClass("secondary", "w-full justify-start");
/** Two columns of services; one below 360 px, where 'WhatsApp' and 'Copy link' would not fit half (decision 077). */
const TARGETS_CLASS = "grid grid-cols-2 gap-2 max-[360px]:grid-cols-1";

/**
 * The share dialog (JavaScript): each service opens in a 550×420 popup, e-mail as a mailto link, and
 * 'Copy link' copies the post's address. Every share is recorded with its platform.
 */
export function ShareDialog({
  post,
  onClose,
  onShared,
}: {
  post: PostView;
  onClose: () => void;
  /** The post's counts as the server answered the share (once per member, post and platform). */
  onShared: (counts: PostCounts) => void;
}) {
  const url = useShareUrl(post);
  const record = (platform: SharePlatform) => {
    fetch(`/post/${post.id}/shares`, { method: "POST", body: new URLSearchParams({ intent: "share", platform }), keepalive: true })
      .then((response) => (response.ok ? (response.json() as Promise<{ counts?: PostCounts }>) : null))
      .then((answer) => {
        if (answer?.counts) onShared(answer.counts);
      })
      // The share itself happened (the service opened): a failure to record it is only logged.
      .catch((error: unknown) => console.warn("Share not recorded", error));
  };

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showToast(POST_MESSAGES.linkCopied);
      record("copy");
    } catch {
      showToast(POST_MESSAGES.copyFailed, "error");
    }
  }

  return (
    <Dialog open onClose={onClose} title={SHARE_TITLE}>
      <SharePreview post={post} />
      <ul className={TARGETS_CLASS}>
        {shareTargets(url, sharedText(post)).map((target) => (
          <li key={target.platform}>
            <a
              href={target.href}
              target={target.platform === "email" ? undefined : "_blank"}
              rel="noopener noreferrer"
              onClick={(event) => {
                if (target.platform !== "email") {
                  event.preventDefault();
                  const { width, height } = SHARE_POPUP;
                  window.open(target.href, "share", `width=${width},height=${height},noopener`);
                }
                record(target.platform);
              }}
              className={targetClass}
            >
              {target.platform === "email" ? <Icon name="mail" className="size-4" /> : null}
              {target.label}
            </a>
          </li>
        ))}
        <li>
          <button type="button" onClick={copy} className={targetClass}>
            <Icon name="link" className="size-4" />
            Copy link
          </button>
        </li>
      </ul>
    </Dialog>
  );
}

/** The same choices as a page without JavaScript: each share is a form post that records it and goes on. */
export function SharePage({ post, returnTo }: { post: PostView; returnTo: string }) {
  const url = useShareUrl(post);
  return (
    <div className="flex flex-col gap-4">
      <SharePreview post={post} />
      <ul className={TARGETS_CLASS}>
        {shareTargets(url, sharedText(post)).map((target) => (
          <li key={target.platform}>
            <form method="post" action={`/post/${post.id}/shares`}>
              <input type="hidden" name="intent" value="share" />
              <input type="hidden" name="platform" value={target.platform} />
              <input type="hidden" name="returnTo" value={returnTo} />
              <button type="submit" className={targetClass}>
                {target.label}
              </button>
            </form>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="share-link" className="text-sm font-medium">
          Post link
        </label>
        <input id="share-link" readOnly value={url} className={inputClass} />
        <p className="text-sm text-muted">Select the link and copy it to share it anywhere.</p>
      </div>
    </div>
  );
}
