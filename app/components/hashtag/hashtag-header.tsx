import { useId, useState } from "react";
import { Icon } from "~/components/icon";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { TIME, TREND_WINDOW_MS } from "~/lib/constants";
import { formatGrowth, formatHashtagCount } from "~/lib/format";
import { POST_MESSAGES } from "~/lib/messages";
import { showToast } from "~/lib/toast-store";
import { useHydrated } from "~/lib/use-hydrated";
import { useRootData } from "~/lib/root-data";

/**
 * Under the hashtag page's title: the tag's post count (K/M to one decimal), its growth when above 0
 * (spec document 2 §2), and Share. No count when the page's read failed. Both are the trends job's
 * (docs/decisions/033): posts of the last 24 hours everybody may read, growth against the 24 before.
 */
export function HashtagHeader({ hashtag, stats }: { hashtag: string; stats: { postsCount: number; growthRate: number } | null }) {
  const growth = stats ? formatGrowth(stats.growthRate) : null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3">
      <p className="flex flex-wrap items-center gap-x-3 text-muted">
        {stats ? (
          <span>
            <strong className="text-fg">{formatHashtagCount(stats.postsCount)}</strong>
            {`${stats.postsCount === 1 ? " post" : " posts"} in the last ${TREND_WINDOW_MS / TIME.HOUR} hours`}
          </span>
        ) : null}
        {growth ? (
          <span className="inline-flex items-center gap-1 text-success">
            <Icon name="trending-up" className="size-4" />
            {`${growth} growth`}
          </span>
        ) : null}
      </p>
      <ShareHashtag hashtag={hashtag} />
    </div>
  );
}

/**
 * Share (spec document 2 §2): with JavaScript the device's share sheet if it has one, else the page's
 * address is copied ('Link copied to clipboard!'); if neither works, the address shows to copy by hand.
 * Without JavaScript, Share opens that address to copy.
 */
function ShareHashtag({ hashtag }: { hashtag: string }) {
  const origin = useRootData()?.origin ?? "";
  const url = `${origin}/hashtag/${encodeURIComponent(hashtag)}`;
  const hydrated = useHydrated();
  const [linkShown, setLinkShown] = useState(false);

  async function share() {
    try {
      if (navigator.share) {
        await navigator.share({ url, title: `#${hashtag} on Murmur` });
        return;
      }
      await navigator.clipboard.writeText(url);
      showToast(POST_MESSAGES.linkCopied);
    } catch (error) {
      // Closing the share sheet is no failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      showToast(POST_MESSAGES.copyFailed, "error");
      setLinkShown(true);
    }
  }

  const button = buttonClass("secondary", "px-4 py-2");
  if (!hydrated) {
    return (
      <details className="relative">
        <summary className={`${button} cursor-pointer list-none`}>
          <Icon name="share-2" className="size-4" />
          Share
        </summary>
        <PageLink hashtag={hashtag} url={url} className="absolute right-0 z-10 mt-2 w-80 rounded-xl border border-line bg-bg p-3 shadow-lg" />
      </details>
    );
  }
  return (
    <div className="flex flex-col items-end gap-2">
      <button type="button" onClick={share} className={button}>
        <Icon name="share-2" className="size-4" />
        Share
      </button>
      {linkShown ? <PageLink hashtag={hashtag} url={url} className="w-80" /> : null}
    </div>
  );
}

function PageLink({ hashtag, url, className }: { hashtag: string; url: string; className: string }) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {`Link to #${hashtag}`}
      </label>
      <input id={id} readOnly value={url} onFocus={(event) => event.currentTarget.select()} className={inputClass} />
      <p className="text-sm text-muted">Select the link and copy it to share it anywhere.</p>
    </div>
  );
}
