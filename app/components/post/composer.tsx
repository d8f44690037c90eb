import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { usePageSendId, useSendId } from "~/lib/client-ids";
import { lastAnswer } from "~/lib/last-answer";
import { useId, useRef, useState, type ReactNode } from "react";
import { Icon } from "~/components/icon";
import { MAX_IMAGES_PER_POST, POST_MAX_LENGTH } from "~/lib/constants";
import { acceptAttribute, type MediaKind } from "~/lib/media-types";
import { POST_MESSAGES, UPLOAD_MESSAGES } from "~/lib/messages";
import { IMAGE_DESCRIPTION_TEXTS } from "~/lib/texts/image-description";
import { CreatePostSchema } from "~/lib/schemas/post";
import { showToast } from "~/lib/toast-store";
import type { PostActionAnswer } from "~/lib/types/post";
import { discardUpload, precheckFile, uploadFile } from "~/lib/upload-client";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { useHydrated } from "~/lib/use-hydrated";
import { MentionTextarea } from "../mention-textarea";
import { ReturnTo } from "../return-to";
import { useHoldDialogOpen } from "../ui/dialog";
import { ErrorList, FormError, FormField, inputClass } from "../ui/field";
import { SubmitButton } from "../ui/submit-button";
import { CharacterCount } from "./character-count";
import { useSchemaForm } from "~/lib/use-schema-form";

export const COMPOSE_FETCHER_KEY = "compose";

type Upload = {
  id: string;
  name: string;
  kind: MediaKind;
  preview: string;
  progress: number;
  key?: string;
  /** Its description as typed (decision 092): it stays with the image wherever the image goes. */
  description: string;
};

/**
 * The post composer (spec document 1 §2.6). Without JavaScript it is one multipart form: text, location,
 * visibility and the files travel together. With JavaScript files upload as soon as they are picked
 * (with progress) and the form sends their keys; it submits through a fetcher so the dialog can close.
 */
export function Composer({
  canPostForSubscribers,
  lastResult,
  onPosted,
  returnTo,
  autoFocus = false,
  initialContent = "",
  mention,
  communityId,
}: {
  canPostForSubscribers: boolean;
  lastResult?: SubmissionResult<string[]>;
  onPosted?: () => void;
  returnTo?: string;
  autoFocus?: boolean;
  /** The text to start with (a profile's Mention: '@username '). */
  initialContent?: string;
  /** The member a profile's Mention opened the composer for: the post then says 'Post created with mention!'. */
  mention?: string;
  /** The community posted in ('Post in {name}'): the post belongs to it and shows only there (decision 035). */
  communityId?: string;
}) {
  const hydrated = useHydrated();
  // A send repeated unchanged after its answer was lost carries the same id, and is stored once (decision 072).
  const sendId = useSendId();
  const pageSendId = usePageSendId("compose");
  /** What the last send carried: after it, only that leaves the composer (anything added meanwhile stays). */
  const sent = useRef<{ content: string; keys: string[] }>({ content: "", keys: [] });
  // After a successful post: empty the composer (the next post is another) and let the dialog close;
  // text typed or files added while it was on its way stay, for the next post.
  const { fetcher, busy } = useActionFetcher<PostActionAnswer>(COMPOSE_FETCHER_KEY, (answer) => {
    if (!answer.ok) return;
    sendId.forget();
    const textLeft = content !== sent.current.content;
    const left = uploads.filter((upload) => !upload.key || !sent.current.keys.includes(upload.key));
    if (!textLeft) setContent("");
    setUploads(left);
    if (!textLeft && left.length === 0) onPosted?.();
  });
  // Its dialog stays open while the post is on its way: closing it would throw the text and the answer away.
  useHoldDialogOpen(busy);
  const result = lastAnswer(fetcher.data, lastResult);
  const initial = (result?.initialValue ?? {}) as Record<string, unknown>;

  const [content, setContent] = useState(typeof initial.content === "string" ? initial.content : initialContent);
  const [uploads, setUploads] = useState<Upload[]>([]);
  /** Uploads on their way, each stopped by its removal. */
  const inFlight = useRef(new Map<string, AbortController>());
  /** Files this composer removed (and discarded): an older answer that names them does not bring them back. */
  const [removed, setRemoved] = useState<string[]>([]);
  // Files a refused post had already stored come back with its answer (the page without JavaScript,
  // then the fetcher's): those this composer holds as its own uploads are not drawn a second time.
  // An answer that failed without a form (a spent limit, no answer at all) leaves the page's files as they were.
  const held = new Set([...uploads.map((upload) => upload.key), ...removed]);
  const keptResult = fetcher.data?.lastResult ?? (fetcher.data?.ok ? undefined : lastResult);
  const kept = (keptResult?.initialValue ?? {}) as Record<string, unknown>;
  const storedKeys = [kept.imageKeys ?? []].flat().filter((key): key is string => typeof key === "string" && !held.has(key));
  const storedVideo = typeof kept.videoKey === "string" && !held.has(kept.videoKey) ? kept.videoKey : null;
  // A refused post's descriptions come back beside its images' keys (describedImage), then those typed
  // for files not stored, in their places (the route's describedAgain).
  const keptDescriptions = [kept.imageDescription ?? []].flat().map((text) => (typeof text === "string" ? text : ""));
  const keptNamed = [kept.describedImage ?? []].flat();
  const keptDescriptionOf = (key: string) => keptDescriptions[keptNamed.indexOf(key)] ?? "";
  const keptForFiles = keptDescriptions.slice(keptNamed.length);
  const uploading = uploads.some((upload) => !upload.key);
  const images = uploads.filter((upload) => upload.kind === "image");
  const video = uploads.find((upload) => upload.kind === "video");
  const ids = { images: useId(), video: useId(), count: useId() };

  const [form, fields] = useSchemaForm("composer", CreatePostSchema, busy ? undefined : result, { validate: "onSubmit" });
  const formProps = getFormProps(form);

  const patch = (id: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  async function pickFiles(files: File[], kind: MediaKind) {
    const attached = uploads.length + storedKeys.length + (storedVideo ? 1 : 0);
    const room = kind === "video" ? (attached === 0 ? 1 : 0) : video || storedVideo ? 0 : MAX_IMAGES_PER_POST - images.length - storedKeys.length;
    if (files.length > room) {
      showToast(POST_MESSAGES.tooManyImages, "error");
      return;
    }
    const accepted: { upload: Upload; file: File }[] = [];
    for (const file of files) {
      const problem = precheckFile(file, kind);
      if (problem) {
        // A video over the limit gets the composer's own word for it (spec document 1 §5).
        showToast(problem === UPLOAD_MESSAGES.videoTooLarge ? UPLOAD_MESSAGES.videoHint : UPLOAD_MESSAGES.uploadFailed(file.name, problem), "error");
        continue;
      }
      const upload = { id: crypto.randomUUID(), name: file.name, kind, preview: URL.createObjectURL(file), progress: 0, description: "" };
      accepted.push({ upload, file });
    }
    setUploads((list) => [...list, ...accepted.map((item) => item.upload)]);
    const results = await Promise.all(
      accepted.map(async ({ upload, file }) => {
        const removal = new AbortController();
        inFlight.current.set(upload.id, removal);
        const answer = await uploadFile(file, kind, (progress) => patch(upload.id, { progress }), removal.signal);
        inFlight.current.delete(upload.id);
        // Removed while on its way: it is neither shown nor counted (and if it was stored all the same, it goes).
        if (removal.signal.aborted) {
          if (answer.ok) void discardUpload(answer.key);
          return false;
        }
        if (answer.ok) {
          patch(upload.id, { key: answer.key, progress: 1 });
          return true;
        }
        setUploads((list) => list.filter((item) => item.id !== upload.id));
        showToast(UPLOAD_MESSAGES.uploadFailed(upload.name, answer.message), "error");
        return false;
      }),
    );
    const done = results.filter(Boolean).length;
    if (done === 0) return;
    showToast(kind === "video" ? UPLOAD_MESSAGES.videoUploaded : UPLOAD_MESSAGES.imagesUploaded(done));
  }

  function remove(upload: Upload) {
    setUploads((list) => list.filter((item) => item.id !== upload.id));
    URL.revokeObjectURL(upload.preview);
    inFlight.current.get(upload.id)?.abort();
    if (!upload.key) return;
    setRemoved((keys) => [...keys, upload.key!]);
    void discardUpload(upload.key);
  }

  return (
    <fetcher.Form
      method="post"
      action="/compose"
      encType="multipart/form-data"
      {...formProps}
      noValidate
      // Without JavaScript, Back after a post draws this page again: the browser puts back nothing (its
      // text restored with a new page's clientId would post a second copy).
      autoComplete="off"
      onSubmit={(event) => {
        // Conform checks the fields as they are typed by submitting with an intent of its own: only
        // the member's own submit waits for the uploads.
        const checking = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === "__intent__";
        if (uploading && !checking) {
          event.preventDefault();
          showToast(POST_MESSAGES.waitForUploads, "error");
          return;
        }
        if (!checking) {
          sendId.stamp(event.currentTarget);
          sent.current = { content, keys: uploads.flatMap((upload) => (upload.key ? [upload.key] : [])) };
        }
        // Conform's own handler checks the form in the browser and keeps its checks of the fields as
        // they are typed (its 'validate' submissions) from reaching the server.
        formProps.onSubmit(event);
      }}
      className="flex flex-col gap-3"
    >
      <input type="hidden" name="intent" value="post" />
      <input type="hidden" name="clientId" defaultValue={pageSendId} />
      {mention ? <input type="hidden" name="mention" value={mention} /> : null}
      {communityId ? <input type="hidden" name="communityId" value={communityId} /> : null}
      <ReturnTo to={returnTo} />
      <FormError errors={form.errors} />
      <FormField label="Visibility" labelHidden errors={fields.visibility.errors}>
        {(control) => (
          <select
            {...control}
            name={fields.visibility.name}
            defaultValue={typeof initial.visibility === "string" ? initial.visibility : "everyone"}
            className="w-fit max-w-full rounded-full border border-field bg-bg px-3 py-1 text-sm font-semibold text-accent"
          >
            <option value="everyone">Everyone can see</option>
            <option value="subscribers" disabled={!canPostForSubscribers}>
              {canPostForSubscribers ? "Subscribers only" : "Subscribers only (Enable in settings)"}
            </option>
          </select>
        )}
      </FormField>

      <FormField label="Post text" labelHidden errors={fields.content.errors} describedBy={ids.count}>
        {(control) => (
          <MentionTextarea
            {...control}
            name={fields.content.name}
            value={content}
            onValueChange={setContent}
            placeholder="What's happening?"
            rows={4}
            autoFocus={autoFocus}
            // In a dialog, focus comes here once it is open (Dialog); autoFocus alone is taken by its ✕.
            data-autofocus={autoFocus ? "" : undefined}
            className="w-full resize-y rounded-lg border border-transparent bg-transparent px-1 py-2 text-lg placeholder:text-muted focus:border-line focus:outline-none"
          />
        )}
      </FormField>

      <FormField label="Location" labelHidden errors={fields.location.errors}>
        {(control) => (
          <div className="flex items-center gap-2">
            <Icon name="map-pin" className="size-4 text-muted" />
            <input
              {...control}
              name={fields.location.name}
              placeholder="Add location"
              defaultValue={typeof initial.location === "string" ? initial.location : ""}
              className={`${inputClass} py-1.5 text-sm`}
            />
          </div>
        )}
      </FormField>

      {uploads.length > 0 || storedKeys.length > 0 || storedVideo ? (
        <ul className="grid grid-cols-2 gap-2" aria-label="Attachments">
          {/* A file kept from a refused post stays attached while its box is ticked (a form can drop it without JavaScript). */}
          {storedKeys.map((key, index) => (
            <li key={key} className="overflow-hidden rounded-xl border border-line">
              <div className="relative">
                <img src={`/media/${key}`} alt={`Attached image ${index + 1}`} className="aspect-video w-full object-cover" />
                <KeepBox name="imageKeys" value={key} label={`Keep image ${index + 1}`} />
              </div>
              <DescriptionField image={index + 1} imageKey={key} defaultValue={keptDescriptionOf(key)} />
            </li>
          ))}
          {storedVideo && !video ? (
            <li className="relative overflow-hidden rounded-xl border border-line">
              <video src={`/media/${storedVideo}`} muted aria-label="Attached video" className="aspect-video w-full bg-black object-cover" />
              <KeepBox name="videoKey" value={storedVideo} label="Keep the video" />
            </li>
          ) : null}
          {uploads.map((upload) => (
            <li key={upload.id} className="overflow-hidden rounded-xl border border-line">
              <div className="relative">
                {upload.key ? (
                  <input type="hidden" name={upload.kind === "video" ? "videoKey" : "imageKeys"} value={upload.key} />
                ) : null}
                {upload.kind === "video" ? (
                  <video src={upload.preview} muted className="aspect-video w-full bg-black object-cover" />
                ) : (
                  <img src={upload.preview} alt={`Attached ${upload.name}`} className="aspect-video w-full object-cover" />
                )}
                {upload.key ? null : (
                  <progress
                    value={upload.progress}
                    max={1}
                    aria-label={`Uploading ${upload.name}`}
                    className="absolute inset-x-2 bottom-2 h-1.5 w-[calc(100%-1rem)] accent-accent"
                  />
                )}
                <button
                  type="button"
                  onClick={() => remove(upload)}
                  className="absolute top-1.5 right-1.5 rounded-full bg-black/70 p-1 text-white"
                  aria-label={`Remove ${upload.name}`}
                >
                  <Icon name="x" className="size-4" />
                </button>
              </div>
              {upload.kind === "image" ? (
                <DescriptionField
                  image={storedKeys.length + images.indexOf(upload) + 1}
                  // Sent once the image is (the post waits for its uploads anyway).
                  imageKey={upload.key}
                  value={upload.description}
                  onChange={(description) => patch(upload.id, { description })}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorList errors={fields.imageKeys.errors} />
      {hydrated || storedVideo ? null : (
        <PickedImageDescriptions from={storedKeys.length + 1} initial={keptForFiles} open={Boolean(fields.imageDescription.errors?.length)} />
      )}
      <ErrorList errors={fields.imageDescription.errors} />
      {uploading ? <input type="hidden" name="uploadsPending" value="1" /> : null}

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3">
        <div className="flex flex-wrap items-center gap-1">
          <FilePicker
            id={ids.images}
            label="Add images"
            accept={acceptAttribute("image")}
            multiple
            name={hydrated ? undefined : "images"}
            icon={<Icon name="image-plus" className="size-5" />}
            onFiles={hydrated ? (files) => void pickFiles(files, "image") : undefined}
          />
          <FilePicker
            id={ids.video}
            label="Add video"
            accept={acceptAttribute("video")}
            name={hydrated ? undefined : "video"}
            icon={<Icon name="film" className="size-5" />}
            onFiles={hydrated ? (files) => void pickFiles(files, "video") : undefined}
          />
        </div>
        <div className="flex items-center gap-3">
          <CharacterCount id={ids.count} text={content} max={POST_MAX_LENGTH} />
          <SubmitButton busy={busy} busyLabel="Posting..." className="px-5 py-2">
            Post
          </SubmitButton>
        </div>
      </div>
      {hydrated ? null : <p className="text-xs text-muted">{UPLOAD_MESSAGES.videoHint}. Up to {MAX_IMAGES_PER_POST} images or one video.</p>}
    </fetcher.Form>
  );
}

/**
 * An image's description (decision 092), the card's alt text for it. Beside an image already stored it
 * names that image (`describedImage`), so it goes with the image whatever happens to the others; one
 * without `imageKey` is not sent. One line, as an alt attribute is: line breaks typed become spaces.
 */
function DescriptionField({
  image,
  imageKey,
  value,
  defaultValue,
  onChange,
}: {
  image: number;
  imageKey?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (description: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 p-2">
      {imageKey ? <input type="hidden" name="describedImage" value={imageKey} /> : null}
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {IMAGE_DESCRIPTION_TEXTS.label(image)}
      </label>
      <textarea
        id={id}
        name={imageKey ? "imageDescription" : undefined}
        rows={2}
        placeholder={IMAGE_DESCRIPTION_TEXTS.placeholder}
        value={value}
        defaultValue={defaultValue}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        className={`${inputClass} resize-y py-1.5 text-sm`}
      />
    </div>
  );
}

/**
 * Without JavaScript the picked files have no previews to sit beside: a field for each image the
 * picker may still add, numbered on from the images already attached, folded so the form stays short.
 * The server pairs them with the files in the order they were picked.
 */
function PickedImageDescriptions({ from, initial, open }: { from: number; initial: string[]; open: boolean }) {
  const count = MAX_IMAGES_PER_POST - from + 1;
  if (count <= 0) return null;
  return (
    <details open={open || initial.some((text) => text.trim() !== "") || undefined} className="rounded-xl border border-line px-3 py-2">
      <summary className="cursor-pointer text-sm font-medium">{IMAGE_DESCRIPTION_TEXTS.fieldsSummary}</summary>
      <p className="mt-1 text-xs text-muted">{IMAGE_DESCRIPTION_TEXTS.fieldsHint}</p>
      <div className="mt-1 flex flex-col">
        {Array.from({ length: count }, (_, index) => (
          <PickedDescription key={index} image={from + index} defaultValue={initial[index] ?? ""} />
        ))}
      </div>
    </details>
  );
}

function PickedDescription({ image, defaultValue }: { image: number; defaultValue: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 py-1">
      <label htmlFor={id} className="text-xs font-medium">
        {IMAGE_DESCRIPTION_TEXTS.label(image)}
      </label>
      <textarea id={id} name="imageDescription" rows={2} defaultValue={defaultValue} className={`${inputClass} resize-y py-1.5 text-sm`} />
    </div>
  );
}

function KeepBox({ name, value, label }: { name: string; value: string; label: string }) {
  return (
    <label className="absolute top-1.5 right-1.5 flex items-center gap-1.5 rounded-full bg-black/70 px-2 py-1 text-xs text-white">
      <input type="checkbox" name={name} value={value} defaultChecked />
      {label}
    </label>
  );
}

/**
 * A file input with a real label. Without JavaScript the native picker shows the chosen names; with
 * JavaScript it is an icon button and the files upload at once.
 */
function FilePicker({
  id,
  label,
  accept,
  multiple,
  name,
  icon,
  onFiles,
}: {
  id: string;
  label: string;
  accept: string;
  multiple?: boolean;
  name?: string;
  icon: ReactNode;
  onFiles?: (files: File[]) => void;
}) {
  if (!onFiles) {
    return (
      <span className="flex flex-col gap-1 text-sm">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <input id={id} type="file" name={name} accept={accept} multiple={multiple} className="text-sm" />
      </span>
    );
  }
  return (
    <label htmlFor={id} className="file-picker cursor-pointer rounded-full p-2 text-accent hover:bg-surface" title={label}>
      {icon}
      <span className="sr-only">{label}</span>
      <input
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        className="sr-only"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </label>
  );
}
