import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { lastAnswer } from "~/lib/last-answer";
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useState, type MouseEvent } from "react";
import { FetcherForm } from "~/components/fetcher-form";
import { Icon } from "~/components/icon";
import { ReturnTo } from "~/components/return-to";
import { buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormError, FormField, inputClass } from "~/components/ui/field";
import { LoadFailed } from "~/components/ui/load-failed";
import { isModifiedClick, PageLink } from "~/components/ui/page-link";
import { SubmitButton } from "~/components/ui/submit-button";
import { INVITE_MAX_EXPIRY_DAYS, INVITE_MAX_USES_LIMIT } from "~/lib/constants";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import { INVITE_MESSAGES } from "~/lib/texts/invite";
import { CreateInviteSchema } from "~/lib/schemas/community";
import { showToast } from "~/lib/toast-store";
import type { CommunityFormAnswer, InviteView } from "~/lib/types/community";
import { wasUnanswered } from "~/lib/unanswered";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { useHydrated } from "~/lib/use-hydrated";
import { useSchemaForm } from "~/lib/use-schema-form";

/**
 * What /community/{id}/invites answers: its page without JavaScript, and the Invite Links dialog's
 * fetcher with it. `forbidden`: the viewer is not the community's creator or an admin (nothing of
 * its invites is sent); `missing`: no such community; `failed`: the read broke ('Failed to load invites').
 */
export type InviteLinksData = {
  communityId: string;
  communityName: string | null;
  origin: string;
  invites: InviteView[];
  state: "ready" | "forbidden" | "missing" | "failed";
};

export const invitesPath = (communityId: string) => `/community/${communityId}/invites`;
export const inviteUrl = (origin: string, code: string) => `${origin}/invite/${code}`;

let expiryFormat: Intl.DateTimeFormat | undefined;

/** 'Never expires', 'Expires Jan 4, 2026, 2:30 PM UTC' or 'Expired' (in UTC, so server and browser agree). */
export function InviteExpiry({ expiresAt, expired, className = "" }: { expiresAt: number | null; expired: boolean; className?: string }) {
  if (expiresAt === null) return <span className={className}>{INVITE_MESSAGES.never}</span>;
  if (expired) return <span className={`font-semibold text-danger ${className}`}>{INVITE_MESSAGES.expired}</span>;
  expiryFormat ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const date = new Date(expiresAt);
  return (
    <time dateTime={date.toISOString()} className={className}>
      {INVITE_MESSAGES.expires(`${expiryFormat.format(date)} UTC`)}
    </time>
  );
}

/**
 * The Invite Links list and form (spec document 2 §2, §5): a form to create a link (optional expiry
 * in days and max uses), then the community's links, newest first, each with its expiry and uses,
 * Copy and Share (with JavaScript; disabled once expired or used up) and Delete for its inviter.
 * Without JavaScript each link is a read-only field to copy by hand.
 */
export function InviteLinks({ data, lastResult }: { data: InviteLinksData; lastResult?: SubmissionResult<string[]> }) {
  const { communityId, communityName, origin, invites, state } = data;
  if (state === "failed") {
    return (
      <p role="alert" className="py-8 text-center font-semibold">
        {INVITE_MESSAGES.loadFailed}
      </p>
    );
  }
  if (state === "missing") {
    return (
      <p role="alert" className="py-8 text-center font-semibold">
        {COMMUNITY_MESSAGES.notFound}
      </p>
    );
  }
  if (state === "forbidden") {
    return (
      <div role="alert" className="flex flex-col items-center gap-2 py-8 text-center">
        <p className="font-semibold">{INVITE_MESSAGES.notAllowedTitle}</p>
        <p className="text-muted">{INVITE_MESSAGES.notAllowed}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <CreateInviteForm communityId={communityId} lastResult={lastResult} />
      <section aria-label={INVITE_MESSAGES.title} className="flex flex-col gap-2">
        {invites.length === 0 ? (
          <p className="py-4 text-center text-muted">{INVITE_MESSAGES.none}</p>
        ) : (
          <>
            <CopyByHandHint />
            <ul className="flex flex-col">
              {invites.map((invite) => (
                <InviteRow key={invite.id} invite={invite} communityId={communityId} communityName={communityName} url={inviteUrl(origin, invite.code)} />
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}

/** Without JavaScript there is no Copy button: the links are there to select. */
function CopyByHandHint() {
  const hydrated = useHydrated();
  return hydrated ? null : <p className="text-sm text-muted">{INVITE_MESSAGES.copyByHand}</p>;
}

function CreateInviteForm({ communityId, lastResult }: { communityId: string; lastResult?: SubmissionResult<string[]> }) {
  const action = invitesPath(communityId);
  const { fetcher, busy } = useActionFetcher<CommunityFormAnswer>(`invite-create:${communityId}`);
  const [form, fields] = useSchemaForm(`invite-create-${communityId}`, CreateInviteSchema, busy ? undefined : lastAnswer(fetcher.data, lastResult));
  // A created link starts the form afresh (the new link is at the top of the list).
  const created = fetcher.state !== "submitting" && fetcher.data?.ok === true ? fetcher.data : null;
  const { reset } = form;
  useEffect(() => {
    if (created) reset();
  }, [created, reset]);
  const headingId = useId();
  const expiryHintId = `${fields.expiresInDays.id}-hint`;
  const maxUsesHintId = `${fields.maxUses.id}-hint`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-bold">
        {INVITE_MESSAGES.createHeading}
      </h2>
      <FetcherForm fetcher={fetcher} action={action} {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="invite-create" />
        <ReturnTo />
        <FormError errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={INVITE_MESSAGES.expiryLabel} id={fields.expiresInDays.id} errors={fields.expiresInDays.errors} describedBy={expiryHintId}>
            {(control) => (
              <>
                <input
                  {...getInputProps(fields.expiresInDays, { type: "number" })}
                  {...control}
                  min={1}
                  max={INVITE_MAX_EXPIRY_DAYS}
                  step={1}
                  inputMode="numeric"
                  className={inputClass}
                />
                <p id={expiryHintId} className="text-sm text-muted">
                  {INVITE_MESSAGES.expiryHint}
                </p>
              </>
            )}
          </FormField>
          <FormField label={INVITE_MESSAGES.maxUsesLabel} id={fields.maxUses.id} errors={fields.maxUses.errors} describedBy={maxUsesHintId}>
            {(control) => (
              <>
                <input
                  {...getInputProps(fields.maxUses, { type: "number" })}
                  {...control}
                  min={1}
                  max={INVITE_MAX_USES_LIMIT}
                  step={1}
                  inputMode="numeric"
                  className={inputClass}
                />
                <p id={maxUsesHintId} className="text-sm text-muted">
                  {INVITE_MESSAGES.maxUsesHint}
                </p>
              </>
            )}
          </FormField>
        </div>
        <SubmitButton busy={busy} busyLabel={INVITE_MESSAGES.creating} className="w-fit">
          <Icon name="link" className="size-4" />
          {INVITE_MESSAGES.create}
        </SubmitButton>
      </FetcherForm>
    </section>
  );
}

function InviteRow({ invite, communityId, communityName, url }: { invite: InviteView; communityId: string; communityName: string | null; url: string }) {
  const id = useId();
  const statusId = `${id}-status`;
  const hydrated = useHydrated();
  const unusable = invite.expired || invite.usedUp;
  return (
    <li className="flex flex-col gap-2 border-b border-line py-3 last:border-b-0">
      <label htmlFor={id} className="sr-only">
        {INVITE_MESSAGES.linkLabel}
      </label>
      <input
        id={id}
        readOnly
        value={url}
        aria-describedby={statusId}
        onFocus={(event) => event.currentTarget.select()}
        className={`${inputClass} font-mono text-sm ${unusable ? "text-muted line-through" : ""}`}
      />
      <p id={statusId} className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
        <span className="truncate">{COMMUNITY_MESSAGES.by(invite.inviter.username)}</span>
        <span aria-hidden="true">·</span>
        <InviteExpiry expiresAt={invite.expiresAt} expired={invite.expired} />
        <span aria-hidden="true">·</span>
        <span>{INVITE_MESSAGES.uses(invite.usesCount, invite.maxUses)}</span>
        {invite.usedUp ? <span className="font-semibold text-danger">{INVITE_MESSAGES.usedUp}</span> : null}
      </p>
      {hydrated || invite.mine ? (
        <div className="flex flex-wrap gap-2">
          {hydrated ? <CopyShareButtons code={invite.code} url={url} communityName={communityName} disabled={unusable} /> : null}
          {invite.mine ? <DeleteInviteForm communityId={communityId} invite={invite} /> : null}
        </div>
      ) : null}
    </li>
  );
}

const smallButton = (variant: "secondary" | "ghost") => buttonClass(variant, "px-3 py-1.5 text-sm");

/** Copy ('Invite link copied to clipboard!') and Share (the device's share sheet, else a copy). */
function CopyShareButtons({ code, url, communityName, disabled }: { code: string; url: string; communityName: string | null; disabled: boolean }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showToast(INVITE_MESSAGES.copied);
    } catch {
      showToast(INVITE_MESSAGES.copyFailed, "error");
    }
  }
  async function share() {
    if (!navigator.share) return copy();
    try {
      await navigator.share({ url, title: communityName ? INVITE_MESSAGES.joinTitle(communityName) : INVITE_MESSAGES.linkLabel });
    } catch (error) {
      // Closing the share sheet is no failure; a refused share still leaves the copy.
      if (error instanceof DOMException && error.name === "AbortError") return;
      await copy();
    }
  }
  return (
    <>
      <button type="button" onClick={copy} disabled={disabled} aria-label={INVITE_MESSAGES.copyLabel(code)} className={smallButton("secondary")}>
        <Icon name="link" className="size-4" />
        {INVITE_MESSAGES.copy}
      </button>
      <button type="button" onClick={share} disabled={disabled} aria-label={INVITE_MESSAGES.shareLabel(code)} className={smallButton("secondary")}>
        <Icon name="share-2" className="size-4" />
        {INVITE_MESSAGES.share}
      </button>
    </>
  );
}

/** Delete, for the invite's inviter only ('Invite deleted successfully!'); the server refuses anyone else. */
function DeleteInviteForm({ communityId, invite }: { communityId: string; invite: InviteView }) {
  const { fetcher, busy } = useActionFetcher<CommunityFormAnswer>(`invite-delete:${invite.id}`);
  return (
    <FetcherForm fetcher={fetcher} action={invitesPath(communityId)}>
      <input type="hidden" name="intent" value="invite-delete" />
      <input type="hidden" name="inviteId" value={invite.id} />
      <ReturnTo />
      <button
        type="submit"
        // Busy, it keeps the keyboard (aria-disabled, as SubmitButton) and refuses a second press.
        aria-disabled={busy || undefined}
        onClick={(event) => busy && event.preventDefault()}
        aria-busy={busy || undefined}
        aria-label={INVITE_MESSAGES.deleteLabel(invite.code)}
        className={smallButton("ghost")}
      >
        <Icon name="trash" className="size-4" />
        {busy ? INVITE_MESSAGES.deleting : INVITE_MESSAGES.delete}
      </button>
    </FetcherForm>
  );
}

/**
 * The community's 'Invite' button (its creator and admins): a link to the Invite Links page, which
 * with JavaScript opens the same list in a dialog instead, loaded from that page's loader.
 */
export function InviteLinksButton({
  communityId,
  communityName,
  className,
  describedBy,
}: {
  communityId: string;
  communityName: string;
  className?: string;
  /** In a list of communities: the id of the community's name, so the button says which one it is for. */
  describedBy?: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const onClick = (event: MouseEvent) => {
    // A new tab or window still opens the page.
    if (isModifiedClick(event)) return;
    event.preventDefault();
    setOpen(true);
  };
  return (
    <>
      <PageLink
        to={invitesPath(communityId)}
        onClick={onClick}
        aria-haspopup={hydrated ? "dialog" : undefined}
        aria-describedby={describedBy}
        className={className ?? buttonClass("secondary", "px-4 py-1.5")}
      >
        <Icon name="link" className="size-4" />
        {COMMUNITY_MESSAGES.invite}
      </PageLink>
      {open ? <InviteLinksDialog communityId={communityId} communityName={communityName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function InviteLinksDialog({ communityId, communityName, onClose }: { communityId: string; communityName: string; onClose: () => void }) {
  const fetcher = useFetcher<InviteLinksData>();
  const { load } = fetcher;
  useEffect(() => load(invitesPath(communityId)), [load, communityId]);
  const data = fetcher.data;
  return (
    <Dialog open onClose={onClose} title={INVITE_MESSAGES.title} className="max-h-[85vh] overflow-y-auto">
      <p className="-mt-2 truncate text-sm text-muted" dir="auto">
        {communityName}
      </p>
      {wasUnanswered(data) ? (
        <LoadFailed onRetry={() => load(invitesPath(communityId))} />
      ) : data ? (
        <InviteLinks data={{ ...data, communityName: data.communityName ?? communityName }} />
      ) : (
        <p aria-live="polite" className="py-8 text-center text-muted">
          {INVITE_MESSAGES.loading}
        </p>
      )}
    </Dialog>
  );
}
