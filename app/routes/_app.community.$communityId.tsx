import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { memberAction } from "~/.server/actions";
import { requireUser } from "~/.server/auth/guards";
import { deleteCommunity, joinCommunity, leaveCommunity, setMemberRole } from "~/.server/communities";
import { loadCommunityPage } from "~/.server/community-page";
import type { CommunityTab } from "~/lib/types/community";
import { invariantResponse, requiredParam } from "~/.server/http";
import { refuse } from "~/.server/outcome";
import { answerHeaders, respond } from "~/.server/respond";
import { revokeCommunityRoom } from "~/.server/realtime";
import { parseSubmission } from "~/.server/submission";
import { CommunityPage, communityNotFound } from "~/components/community/community-page";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonClass } from "~/components/ui/button";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { SetRoleSchema } from "~/lib/schemas/community";
import { answerOffline } from "~/lib/unanswered";
import type { FeedRoomHandle } from "~/lib/live-rooms";
import type { CommunityAccess } from "~/lib/types/community";

/** Live posts of the community from its room, for its members: only they see its posts (docs/decisions/036). */
export const handle: FeedRoomHandle = {
  feedRoom: (data) => {
    const access = (data as { access?: CommunityAccess } | undefined)?.access;
    if (access?.kind !== "visible") return null;
    return access.community.role ? { kind: "community", id: access.community.id } : null;
  },
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.access.kind === "visible" ? `${data.access.community.name} | Murmur` : data?.access.kind === "private" ? `${COMMUNITY_MESSAGES.privateTitle} | Murmur` : `${COMMUNITY_MESSAGES.notFound} | Murmur` },
];

/**
 * /community/{id} (spec document 2 §2): a private community shows a non-member only that it is private
 * (403); one that does not exist (or an id that is no id) is 'Community not found' (404).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const communityId = requiredParam(params, "communityId");
  const tab: CommunityTab = url.searchParams.get("tab") === "members" ? "members" : "posts";
  const cursor = url.searchParams.get("cursor");
  const loaded = loadCommunityPage(context, communityId, tab, cursor);
  await requireUser(request, context);
  const found = await loaded;
  invariantResponse(found.access.kind !== "missing", COMMUNITY_MESSAGES.notFound, { status: 404 });
  const body = { ...found, tab, paged: Boolean(cursor) };
  return found.access.kind === "private" ? data(body, { status: 403 }) : body;
}

/**
 * Join, Leave, a member's role (the creator) and Delete (the creator): each refused on the server for
 * anyone else, with the spec's toasts (post/redirect/get without JavaScript, data with it).
 */
export function action(args: ActionFunctionArgs) {
  const communityId = requiredParam(args.params, "communityId");
  return memberAction(args, ["community-join", "community-leave", "community-role", "community-delete"], async ({ context, member, form, intent }) => {
    const { db } = context;
    switch (intent) {
      case "community-join":
        return respond(context, form, await joinCommunity(db, member.id, communityId), COMMUNITY_MESSAGES.joined);
      case "community-leave": {
        const left = await leaveCommunity(db, member.id, communityId);
        if (left.ok) revokeCommunityRoom(context, communityId, member.id);
        return respond(context, form, left, COMMUNITY_MESSAGES.left);
      }
      case "community-role": {
        const submission = parseSubmission(form, { schema: SetRoleSchema });
        if (submission.status !== "success") return respond(context, form, refuse(400, COMMUNITY_MESSAGES.roleFailed));
        const { memberId, role } = submission.value;
        const outcome = await setMemberRole(db, member.id, communityId, memberId, role);
        return respond(context, form, outcome, outcome.ok ? COMMUNITY_MESSAGES.roleChanged(outcome.displayName, COMMUNITY_MESSAGES.roles[role].toLowerCase()) : undefined);
      }
      case "community-delete": {
        const outcome = await deleteCommunity(db, context.cloudflare.env.MEDIA, member.id, communityId);
        if (!outcome.ok) return respond(context, form, outcome);
        // The community's page is gone: every answer leads back to the list.
        return context.toasts.redirect("/communities", { message: COMMUNITY_MESSAGES.deleted(outcome.name) });
      }
    }
  });
}

export const headers = answerHeaders;

export const clientAction = answerOffline;

export const shouldRevalidate = skipQuietRevalidation;

export default function Community() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.access.kind !== "visible") {
    return (
      <ErrorPage status={403} title={COMMUNITY_MESSAGES.privateTitle} text={COMMUNITY_MESSAGES.privateText}>
        <Link to="/communities" className={buttonClass("primary")}>
          {COMMUNITY_MESSAGES.browse}
        </Link>
      </ErrorPage>
    );
  }
  return (
    <CommunityPage
      community={loaded.access.community}
      tab={loaded.tab}
      page={loaded.page}
      failed={loaded.failed}
      members={loaded.members}
      membersFailed={loaded.membersFailed}
      paged={loaded.paged}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: communityNotFound }} />;
}
