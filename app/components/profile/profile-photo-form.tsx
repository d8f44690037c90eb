import { Link, useActionData } from "@remix-run/react";
import { useId, useState } from "react";
import { FetcherForm } from "~/components/fetcher-form";
import { Icon } from "~/components/icon";
import { ReturnTo } from "~/components/return-to";
import { buttonClass } from "~/components/ui/button";
import { ErrorList, FormError } from "~/components/ui/field";
import { acceptAttribute } from "~/lib/media-types";
import { SETTINGS_MESSAGES } from "~/lib/texts/settings";
import { showToast } from "~/lib/toast-store";
import type { PhotoAnswer, ProfilePhoto } from "~/lib/types/settings";
import { precheckFile } from "~/lib/upload-client";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { useHydrated } from "~/lib/use-hydrated";

const TEXTS = {
  avatar: { label: "Change profile photo", submit: "Upload profile photo", failed: SETTINGS_MESSAGES.photoFailed },
  banner: { label: "Change banner photo", submit: "Upload banner photo", failed: SETTINGS_MESSAGES.bannerFailed },
} as const;

/**
 * A new avatar or banner (spec document 2 §2: the owner uploads them, images only). Without JavaScript
 * a multipart form: a file input and a submit button; a refused file comes back with the spec's
 * failure text and the upload's reason. With JavaScript picking a file uploads it at once through a
 * fetcher (the browser's first look refuses a non-image before it travels), and the page reloads
 * to show it.
 */
export function ProfilePhotoForm({ photo, action }: { photo: ProfilePhoto; action: string }) {
  const hydrated = useHydrated();
  const id = useId();
  const texts = TEXTS[photo];
  const pageAnswer = useActionData<PhotoAnswer>();
  const [refused, setRefused] = useState<string | null>(null);
  const { fetcher, busy } = useActionFetcher<PhotoAnswer>(`photo:${photo}`, (answer) => setRefused(answer.ok ? null : (answer.error ?? null)));
  const shown = pageAnswer?.photo === photo && !pageAnswer.ok ? pageAnswer : null;
  const error = hydrated ? refused : (shown?.error ?? null);
  const errorId = `${id}-error`;

  function upload(file: File) {
    const problem = precheckFile(file, "image");
    if (problem) {
      setRefused(problem);
      showToast(texts.failed, "error");
      return;
    }
    setRefused(null);
    const body = new FormData();
    body.set("intent", photo);
    body.set("photo", file);
    fetcher.submit(body, { method: "post", action, encType: "multipart/form-data" });
  }

  return (
    <FetcherForm fetcher={fetcher} action={action} encType="multipart/form-data" className="flex flex-col gap-1.5">
      <input type="hidden" name="intent" value={photo} />
      <ReturnTo />
      {hydrated ? (
        <label
          htmlFor={id}
          aria-busy={busy || undefined}
          className={buttonClass("secondary", "cursor-pointer px-4 py-1.5 text-sm focus-within:ring-2 focus-within:ring-accent")}
        >
          <Icon name="image-plus" className="size-4" />
          <span>{busy ? "Uploading..." : texts.label}</span>
          <input
            id={id}
            type="file"
            name="photo"
            accept={acceptAttribute("image")}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) upload(file);
            }}
          />
        </label>
      ) : (
        <>
          {shown?.message ? <FormError errors={[shown.message]} /> : null}
          <label htmlFor={id} className="text-sm font-medium">
            {texts.label}
          </label>
          <input
            id={id}
            type="file"
            name="photo"
            accept={acceptAttribute("image")}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="text-sm"
          />
          <button type="submit" className={buttonClass("secondary", "w-fit px-4 py-1.5 text-sm")}>
            {texts.submit}
          </button>
        </>
      )}
      <ErrorList id={errorId} errors={error ? [error] : undefined} />
    </FetcherForm>
  );
}

/** The owner's tools on their own profile: a new avatar or banner, and the way to the profile settings. */
export function OwnerProfileTools() {
  return (
    <div className="mt-3 flex flex-wrap items-start gap-3">
      <ProfilePhotoForm photo="avatar" action="/profile?index" />
      <ProfilePhotoForm photo="banner" action="/profile?index" />
      <Link to="/settings/profile" className={buttonClass("secondary", "px-4 py-1.5 text-sm")}>
        Edit profile
      </Link>
    </div>
  );
}
