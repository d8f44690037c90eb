import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { memberAction } from "~/.server/actions";
import { requireUser } from "~/.server/auth/guards";
import { communityRead, createInvite, deleteInvite, listInvites } from "~/.server/communities";
import { readLater } from "~/.server/db/reads";
import { requiredParam } from "~/.server/http";
import { refuse } from "~/.server/outcome";
import { answerHeaders, respond } from "~/.server/respond";
import { parseSubmission } from "~/.server/submission";
import { InviteLinks, type InviteLinksData } from "~/components/community/invite-links";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import { INVITE_MESSAGES } from "~/lib/texts/invite";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { CreateInviteSchema } from "~/lib/schemas/community";
import type { CommunityFormAnswer } from "~/lib/types/community";
import { answerOffline } from "~/lib/unanswered";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.communityName ? `${INVITE_MESSAGES.title} · ${data.communityName} | Murmur` : `${INVITE_MESSAGES.title} | Murmur` },
  { name: "robots", content: "noindex" },
];

/**
 * /community/{id}/invites: the Invite Links dialog as a page (spec document 2 §2), and what the dialog's
 * fetcher loads. Only the community's creator and admins see its invites; anyone else is told so
 * (403) and gets nothing of them; a community that is not there is 'Community not found' (404). A
 * read that breaks says 'Failed to load invites', never an error page.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const communityId = requiredParam(params, "communityId");
  // The community's name rides the session's round trip; the invites need the member's id.
  const header = readLater(context.readAsMember((viewer) => [communityRead(context.db, viewer, communityId)] as const));
  const member = await requireUser(request, context);
  const answer = (state: InviteLinksData["state"], status: number, found: Pick<InviteLinksData, "communityName" | "invites"> = { communityName: null, invites: [] }) =>
    data<InviteLinksData>({ communityId, origin: context.origin, state, ...found }, { status });
  try {
    const [answers, invites] = await Promise.all([header, listInvites(context.db, member.id, communityId)]);
    const access = answers?.[0];
    if (access?.kind === "missing") return answer("missing", 404);
    if (!invites || access?.kind !== "visible") return answer("forbidden", 403);
    return answer("ready", 200, { communityName: access.community.name, invites });
  } catch (error) {
    console.error("The invite links read failed:", error);
    return answer("failed", 500);
  }
}

/**
 * Create an invite (creator and admins: 'Invite created successfully!'; its form's errors come back
 * under its fields) and delete one (its inviter only: 'Invite deleted successfully!'). The server's
 * refusals ('Failed to generate unique invite code', a non-inviter's delete) are the toast.
 */
export function action(args: ActionFunctionArgs) {
  const communityId = requiredParam(args.params, "communityId");
  return memberAction(args, ["invite-create", "invite-delete"], async ({ context, member, form, intent }) => {
    if (intent === "invite-delete") {
      const inviteId = form.get("inviteId");
      const outcome =
        typeof inviteId === "string" && inviteId !== ""
          ? await deleteInvite(context.db, member.id, communityId, inviteId)
          : refuse(400, INVITE_MESSAGES.deleteFailed);
      return respond(context, form, outcome, INVITE_MESSAGES.deleted);
    }
    const submission = parseSubmission(form, { schema: CreateInviteSchema });
    if (submission.status !== "success") {
      return data<CommunityFormAnswer>({ ok: false, message: null, lastResult: submission.reply() }, { status: 400 });
    }
    const outcome = await createInvite(context.db, member.id, communityId, submission.value);
    return respond(context, form, outcome, INVITE_MESSAGES.created);
  });
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, a create or delete that got no answer says so instead of losing the page. */
export const clientAction = answerOffline;

export const shouldRevalidate = skipQuietRevalidation;

export default function InviteLinksPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<CommunityFormAnswer>();
  const { communityId, communityName } = loaded;
  return (
    <div>
      <PageHeader title={INVITE_MESSAGES.title} />
      <p className="truncate border-b border-line px-4 py-2 text-sm">
        <Link to={communityName ? `/community/${communityId}` : "/communities"} className="text-accent hover:underline" dir="auto">
          {INVITE_MESSAGES.back(communityName ?? COMMUNITY_MESSAGES.back)}
        </Link>
      </p>
      <div className="px-4 py-4">
        <InviteLinks data={loaded} lastResult={actionData?.lastResult} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
