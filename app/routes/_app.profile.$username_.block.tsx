import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { useCallback } from "react";
import { memberAction } from "~/.server/actions";
import { requireUser } from "~/.server/auth/guards";
import { blockMember, blockTarget, unblockMember } from "~/.server/blocks";
import { purgePublicPages } from "~/.server/edge-cache";
import { invariantResponse, safeRedirectPath } from "~/.server/http";
import { refuse } from "~/.server/outcome";
import { profileUsername } from "~/.server/profiles";
import { publishDeletedPosts, tellNotified } from "~/.server/realtime";
import { answerHeaders, respond } from "~/.server/respond";
import { cancelAtProviders } from "~/.server/subscriptions";
import { ErrorPage, GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { BlockForm } from "~/components/profile/block-form";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { BLOCK_TEXTS, PROFILE_MESSAGES } from "~/lib/texts/profile";
import { answerOffline } from "~/lib/unanswered";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? BLOCK_TEXTS.titleOf(data.username) : BLOCK_TEXTS.title} | Murmur` }];

/**
 * The block's confirmation as a page, for members without JavaScript (with it, a dialog on the profile
 * posts to this page's action): not for oneself, only for a member who exists (decision 100).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const username = profileUsername(params.username);
  const found = username ? await blockTarget(context.db, user.id, username) : refuse(404, PROFILE_MESSAGES.notFound);
  if (!found.ok) invariantResponse(false, found.message ?? PROFILE_MESSAGES.notFound, { status: found.status });
  const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("returnTo"), `/profile/${found.username}`);
  return { username: found.username, returnTo };
}

/** Blocks or unblocks the member; oneself or an unknown member is refused, and nothing changes. */
export function action(args: ActionFunctionArgs) {
  return memberAction(args, ["block", "unblock"], async ({ context, member, form, params, intent }) => {
    const username = profileUsername(params.username);
    if (!username) return respond(context, form, refuse(404, PROFILE_MESSAGES.notFound));
    if (intent === "unblock") {
      const outcome = await unblockMember(context.db, member.id, username);
      return respond(context, form, outcome, outcome.ok ? BLOCK_TEXTS.unblocked(outcome.username) : undefined);
    }
    const outcome = await blockMember(context.db, member.id, username);
    if (!outcome.ok) return respond(context, form, outcome);
    // Renewals between the two stop at their providers after the answer; both badges may have changed
    // (the notifications between them went).
    cancelAtProviders(context, outcome.stopped);
    // The reposts between them went: the pages showing them drop them, as after an un-repost. Told to
    // every room such a repost could be in: a room that never showed the id changes nothing.
    publishDeletedPosts(
      context,
      outcome.takenBack.map((repost) => ({ postId: repost.id, audience: { authorId: repost.userId, communityId: repost.communityId, authorKeeps: false, privateCommunity: false } })),
    );
    tellNotified(context, context.db, { ids: [member.id, outcome.id] });
    // Visitors' copies: both profiles (the reposts taken back; the blocker's cards' top comments) and
    // the blocker's posts whose pages showed the other's comments, hidden from everyone now.
    await purgePublicPages(context, { usernames: [member.username, outcome.username], postIds: outcome.commentedPosts });
    return respond(context, form, { ok: true }, BLOCK_TEXTS.blocked(outcome.username));
  });
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, a request that got no answer says so instead of losing the page. */
export const clientAction = answerOffline;

/** After a submission that got no answer, reloading this page's data would fail too. */
export const shouldRevalidate = skipQuietRevalidation;

export default function BlockPage() {
  const { username, returnTo } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const done = useCallback(() => navigate(returnTo), [navigate, returnTo]);
  return (
    <div>
      <PageHeader title={BLOCK_TEXTS.titleOf(username)} />
      <div className="px-4 py-4">
        <BlockForm username={username} returnTo={returnTo} onDone={done} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        400: (error) => <ErrorPage status={400} title={BLOCK_TEXTS.title} text={String(error.data)} />,
        404: notFound(PROFILE_MESSAGES.notFound, PROFILE_MESSAGES.notFoundText),
      }}
    />
  );
}
