import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { useCallback } from "react";
import { memberAction } from "~/.server/actions";
import { requireUser } from "~/.server/auth/guards";
import { followerToRemove, removeFollower } from "~/.server/follows";
import { invariantResponse, safeRedirectPath } from "~/.server/http";
import { refuse } from "~/.server/outcome";
import { profileUsername } from "~/.server/profiles";
import { tellNotified } from "~/.server/realtime";
import { answerHeaders, respond } from "~/.server/respond";
import { ErrorPage, GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { RemoveFollowerForm } from "~/components/profile/remove-follower-form";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { PROFILE_MESSAGES, REMOVE_FOLLOWER_TEXTS } from "~/lib/texts/profile";
import type { SessionUser } from "~/lib/types/member";
import { answerOffline } from "~/lib/unanswered";

export const meta: MetaFunction = () => [{ title: `${REMOVE_FOLLOWER_TEXTS.title} | Murmur` }];

/**
 * Who a removal names: the list must be the member's own (anyone else's is refused, 403, before
 * anything is read), and the follower a username (else 'User not found').
 */
function removalOf(params: Record<string, string | undefined>, member: SessionUser) {
  const owner = profileUsername(params.username);
  const follower = profileUsername(params.follower);
  if (!owner || owner.toLowerCase() !== member.username.toLowerCase()) return refuse(403, REMOVE_FOLLOWER_TEXTS.forbidden);
  if (!follower) return refuse(404, PROFILE_MESSAGES.notFound);
  return { ok: true, follower } as const;
}

/**
 * The confirmation as a page, for members without JavaScript (with it, a dialog on the followers list
 * posts to this page's action): only on one's own list, only for a member who follows them.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const removal = removalOf(params, user);
  const found = removal.ok ? await followerToRemove(context.db, user.id, removal.follower) : removal;
  if (!found.ok) invariantResponse(false, found.message ?? PROFILE_MESSAGES.notFound, { status: found.status });
  const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("returnTo"), `/profile/${user.username}/followers`);
  return { follower: { username: found.username, displayName: found.displayName }, owner: user.username, returnTo };
}

/** Removes the follower; someone else's list, an unknown member or one who does not follow is refused, and nothing changes. */
export function action(args: ActionFunctionArgs) {
  return memberAction(args, ["follower-remove"], async ({ context, member, form, params }) => {
    const removal = removalOf(params, member);
    const outcome = removal.ok ? await removeFollower(context.db, member.id, removal.follower) : removal;
    if (!outcome.ok) return respond(context, form, outcome);
    // The follow's unread notification went with it: the member's badge may have changed. The removed
    // member is told nothing.
    tellNotified(context, context.db, { ids: [member.id] });
    return respond(context, form, outcome, REMOVE_FOLLOWER_TEXTS.removed(outcome.username));
  });
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, a request that got no answer says so instead of losing the page. */
export const clientAction = answerOffline;

/** After a submission that got no answer, reloading this page's data would fail too. */
export const shouldRevalidate = skipQuietRevalidation;

export default function RemoveFollowerPage() {
  const { follower, owner, returnTo } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const done = useCallback(() => navigate(returnTo), [navigate, returnTo]);
  return (
    <div>
      <PageHeader title={REMOVE_FOLLOWER_TEXTS.title} />
      <div className="px-4 py-4">
        <RemoveFollowerForm owner={owner} follower={follower} returnTo={returnTo} onDone={done} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        403: () => <ErrorPage status={403} title={REMOVE_FOLLOWER_TEXTS.title} text={REMOVE_FOLLOWER_TEXTS.forbidden} />,
        404: notFound(PROFILE_MESSAGES.notFound, PROFILE_MESSAGES.notFoundText),
        409: (error) => <ErrorPage status={409} title={REMOVE_FOLLOWER_TEXTS.title} text={String(error.data)} />,
      }}
    />
  );
}
