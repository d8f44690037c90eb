import { MemberIdentity } from "~/components/member-identity";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaDescriptor, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { ReactNode } from "react";
import { memberAction } from "~/.server/actions";
import { getOptionalUser } from "~/.server/auth/guards";
import { invitePageRead, inviteCodeOf, joinByInvite } from "~/.server/communities";
import { refuse } from "~/.server/outcome";
import { answerHeaders, respond } from "~/.server/respond";
import { InviteExpiry } from "~/components/community/invite-links";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FetcherForm } from "~/components/fetcher-form";
import { Icon } from "~/components/icon";
import { DEFAULT_COMMUNITY_IMAGE } from "~/components/community/community-card";
import { ReturnTo } from "~/components/return-to";
import { buttonClass } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { PROFILE_DESCRIPTION_MAX_LENGTH } from "~/lib/constants";
import { intentOf } from "~/lib/intents";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import { INVITE_MESSAGES } from "~/lib/texts/invite";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { clipCharacters, collapseBlankLines } from "~/lib/text";
import type { CommunityFormAnswer, InvitePageView } from "~/lib/types/community";
import { answerOffline, isRetryable } from "~/lib/unanswered";
import type { SiteHandle } from "./_site";
import { useActionFetcher } from "~/lib/use-action-fetcher";

/** A community without its own image shows this one. */

/**
 * What the invite page shows: the invite (valid, or the viewer already belongs to its community), or
 * why not. An unusable invite shows nothing of its community.
 */
type InviteState = "valid" | "member" | "invalid" | "not-found" | "expired" | "used-up" | "failed";

const STATUS: Record<InviteState, number> = { valid: 200, member: 200, invalid: 404, "not-found": 404, expired: 410, "used-up": 410, failed: 500 };

/**
 * /invite/{code} (spec document 2 §2, §4): the community, who invited and until when; a member joins
 * or declines, a visitor signs in or creates an account and comes back here. Every error is a state of
 * this page with its status, never an error page. Never kept in the edge cache: the page depends on
 * the viewer and on the invite's uses, which change with every join.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const code = inviteCodeOf(params.code);
  const path = `/invite/${code ?? encodeURIComponent(params.code ?? "")}`;
  const answer = (state: InviteState, invite: InvitePageView | null = null, signedIn = false) =>
    data({ state, invite, signedIn, path, origin: context.origin }, { status: STATUS[state] });
  if (!code) return answer("invalid");
  const read = context.readAsViewer((viewer) => [invitePageRead(context.db, viewer, code)] as const);
  let invite: InvitePageView | null;
  try {
    [invite] = await read;
  } catch (error) {
    console.error("The invite page read failed:", error);
    return answer("failed");
  }
  const signedIn = Boolean(await getOptionalUser(context));
  if (!invite) return answer("not-found", null, signedIn);
  if (invite.member) return answer("member", invite, signedIn);
  if (invite.status === "expired") return answer("expired", null, signedIn);
  if (invite.status === "used-up") return answer("used-up", null, signedIn);
  return answer("valid", invite, signedIn);
}

const TITLES: Record<Exclude<InviteState, "valid" | "member">, string> = {
  invalid: INVITE_MESSAGES.invalid,
  "not-found": INVITE_MESSAGES.notFound,
  expired: INVITE_MESSAGES.expiredLink,
  "used-up": INVITE_MESSAGES.usedUpLink,
  failed: INVITE_MESSAGES.loadFailedPage,
};

const TEXTS: Record<Exclude<InviteState, "valid" | "member">, string> = {
  invalid: INVITE_MESSAGES.checkLink,
  "not-found": INVITE_MESSAGES.checkLink,
  expired: INVITE_MESSAGES.askForNew,
  "used-up": INVITE_MESSAGES.askForNew,
  failed: INVITE_MESSAGES.tryAgain,
};

/** What a shared invite previews (crawlers run no JavaScript: these are in the server's HTML). */
export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const invite = data?.invite;
  if (!data || !invite) {
    const title = data && data.state !== "valid" && data.state !== "member" ? TITLES[data.state] : INVITE_MESSAGES.notFound;
    return [{ title: `${title} | Murmur` }, { name: "robots", content: "noindex" }];
  }
  const { community, inviter } = invite;
  const title = INVITE_MESSAGES.joinTitle(community.name);
  const about = community.description?.replace(/\s+/g, " ").trim();
  const description = about ? clipCharacters(about, PROFILE_DESCRIPTION_MAX_LENGTH) : INVITE_MESSAGES.preview(inviter.username, community.name);
  const url = `${data.origin}${data.path}`;
  const image = community.imageUrl ? new URL(community.imageUrl, data.origin).toString() : null;
  const tags: MetaDescriptor[] = [
    { title: `${title} | Murmur` },
    { name: "description", content: description },
    // An invite is for those it is sent to, not for search engines (the preview still works).
    { name: "robots", content: "noindex" },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Murmur" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (image) {
    tags.push(
      { property: "og:image", content: image },
      { property: "og:image:alt", content: community.name },
      { name: "twitter:image", content: image },
    );
  }
  return tags;
};

/**
 * Join Community: the membership and the invite's use in one transaction (joinByInvite), then the
 * community's page with 'Welcome to {community}!' (a redirect, for a fetcher too). Refusals (expired,
 * used up, already a member) are the toast, on this page.
 */
export function action(args: ActionFunctionArgs) {
  return memberAction(args, ["invite-join"], async ({ context, member, form, params }) => {
    const sent = form.get("code");
    const code = inviteCodeOf(typeof sent === "string" ? sent : params.code);
    if (!code) return respond(context, form, refuse(404, INVITE_MESSAGES.invalid));
    const outcome = await joinByInvite(context.db, member.id, code);
    if (!outcome.ok) return respond(context, form, outcome);
    return context.toasts.redirect(`/community/${outcome.communityId}`, { message: INVITE_MESSAGES.welcome(outcome.communityName) });
  });
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, a join that got no answer says so instead of losing the page. */
export const clientAction = answerOffline;

/**
 * A join the server refused (used up or expired meanwhile, already a member, signed out) reloads the
 * page, so it shows why; one that got no answer leaves the page as it is.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  if (args.formData && intentOf(args.formData) === "invite-join" && !isRetryable(args.actionResult)) return true;
  return skipQuietRevalidation(args);
};

/** An invitation has its own 'Sign In to Join' and 'Create Account': the frame's prompt stays out. */
export const handle: SiteHandle = { joinPrompt: (data) => !(data as { invite?: unknown } | undefined)?.invite };

export default function InvitePage() {
  const { state, invite, signedIn, path } = useLoaderData<typeof loader>();
  if (invite) return <Invitation invite={invite} signedIn={signedIn} path={path} />;
  // Only the valid and member states carry the invite.
  const unusable = state === "valid" || state === "member" ? "not-found" : state;
  return (
    <InviteProblem title={TITLES[unusable]} text={TEXTS[unusable]}>
      {unusable === "failed" ? (
        // A plain link: loading the whole page again is the retry.
        <a href={path} className={buttonClass("primary")}>
          {INVITE_MESSAGES.retry}
        </a>
      ) : signedIn ? (
        <Link to="/communities" className={buttonClass("primary")}>
          {COMMUNITY_MESSAGES.browse}
        </Link>
      ) : null}
    </InviteProblem>
  );
}

function InviteProblem({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <Icon name="link" className="size-10 text-muted" />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted">{text}</p>
      {children}
    </section>
  );
}

/** The invitation: who invites, the community, until when, and what the viewer can do. */
function Invitation({ invite, signedIn, path }: { invite: InvitePageView; signedIn: boolean; path: string }) {
  const { community, inviter } = invite;
  const profile = signedIn ? `/profile/${inviter.username}` : `/@${inviter.username}`;
  return (
    // A centred column sizes each part to its content: each is held to the column's width, a name is cut
    // and a long word breaks anywhere, or it would reach past both edges (decision 077).
    <article aria-labelledby="invite-community" className="flex flex-col items-center gap-5 px-6 py-10 text-center">
      <Link to={profile} className="flex max-w-full items-center gap-3 rounded-full py-1 pr-4 pl-1 text-left hover:bg-surface">
        <MemberIdentity member={inviter} line={INVITE_MESSAGES.invited(inviter.username)} />
      </Link>
      <img
        src={community.imageUrl || DEFAULT_COMMUNITY_IMAGE}
        alt=""
        width={96}
        height={96}
        className="size-24 rounded-2xl border border-line bg-surface object-cover"
      />
      <div className="flex max-w-full flex-col items-center gap-2">
        <h1 id="invite-community" className="max-w-full text-2xl font-extrabold wrap-anywhere" dir="auto">
          {community.name}
        </h1>
        <p className="flex flex-wrap items-center justify-center gap-x-2 text-sm text-muted">
          <span className="inline-flex items-center gap-1">
            {community.isPrivate ? <Icon name="lock" className="size-4" /> : <Icon name="globe" className="size-4" />}
            {community.isPrivate ? INVITE_MESSAGES.privateCommunity : INVITE_MESSAGES.publicCommunity}
          </span>
          <span aria-hidden="true">·</span>
          <span>{COMMUNITY_MESSAGES.members(community.memberCount)}</span>
        </p>
      </div>
      {community.description ? (
        <p className="max-w-prose whitespace-pre-line wrap-anywhere" dir="auto">
          {collapseBlankLines(community.description)}
        </p>
      ) : null}
      <p className="text-sm text-muted">
        <InviteExpiry expiresAt={invite.expiresAt} expired={invite.status === "expired"} />
      </p>
      {invite.member ? (
        <div className="flex flex-col items-center gap-3">
          <p role="status" className="font-semibold">
            {COMMUNITY_MESSAGES.alreadyMember}
          </p>
          <Link to={`/community/${community.id}`} className={buttonClass("primary")}>
            {INVITE_MESSAGES.open}
          </Link>
        </div>
      ) : signedIn ? (
        <JoinActions code={invite.code} />
      ) : (
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={`/auth?${new URLSearchParams({ returnTo: path })}`} className={buttonClass("primary")}>
            {INVITE_MESSAGES.signIn}
          </Link>
          <Link to={`/auth?${new URLSearchParams({ returnTo: path, signUp: "true" })}`} className={buttonClass("secondary")}>
            {INVITE_MESSAGES.createAccount}
          </Link>
        </div>
      )}
    </article>
  );
}

/** Decline (back to the communities) or Join Community. */
function JoinActions({ code }: { code: string }) {
  const { fetcher, busy } = useActionFetcher<CommunityFormAnswer>(`invite-join:${code}`);
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <Link to="/communities" className={buttonClass("secondary")}>
        {INVITE_MESSAGES.decline}
      </Link>
      <FetcherForm fetcher={fetcher} action={`/invite/${code}`}>
        <input type="hidden" name="intent" value="invite-join" />
        <input type="hidden" name="code" value={code} />
        <ReturnTo />
        <SubmitButton busy={busy} busyLabel={INVITE_MESSAGES.joining}>
          {INVITE_MESSAGES.join}
        </SubmitButton>
      </FetcherForm>
    </div>
  );
}

/** A public community's mark (lucide's globe; the icon set has none yet). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
