import type { AppLoadContext } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { UPLOAD_MESSAGES } from "~/lib/messages";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import { CreateCommunitySchema, EditCommunitySchema } from "~/lib/schemas/community";
import type { CommunitiesTab, CommunityAccess, CommunityFormAnswer, CommunityListPage, CommunityMembersPage, CommunityTab } from "~/lib/types/community";
import type { FeedPage } from "~/lib/types/post";
import type { MemberActionArgs } from "./actions";
import {
  communityMembersRead,
  communityPostsRead,
  communityRead,
  createCommunity,
  discoverCommunitiesRead,
  joinedCommunitiesRead,
  searchCommunitiesRead,
  updateCommunity,
} from "./communities";
import { mapRead, readLater } from "./db/reads";
import { requireUser } from "./auth/guards";
import { invariantResponse, requiredParam } from "./http";
import { loadMemberFeed } from "./feed-load";
import { limiterOf, subjects } from "./limits";
import { checkMediaFile, deleteMedia, storeMedia } from "./media";
import { parseSubmission } from "./submission";

/**
 * What the community pages read, handed to the session's round trip (docs/decisions/026): call these
 * before awaiting anything, then `requireUser`. A list that cannot be read says so in place (015).
 */

export type LoadedCommunities = { list: CommunityListPage; failed: boolean };

export function loadCommunities(context: AppLoadContext, tab: CommunitiesTab, query: string | null, cursor: string | null): Promise<LoadedCommunities> {
  const read = context.readAsMember((viewer) => {
    if (query) return [searchCommunitiesRead(context.db, viewer, query)] as const;
    if (tab === "discover") return [mapRead(discoverCommunitiesRead(context.db, viewer), (items): CommunityListPage => ({ items, nextCursor: null }))] as const;
    return [joinedCommunitiesRead(context.db, viewer, { cursor })] as const;
  });
  return readLater(
    read.then(
      (answers) => {
        return { list: answers?.[0] ?? { items: [], nextCursor: null }, failed: false };
      },
      (error: unknown) => {
        console.error("A communities read failed:", error);
        return { list: { items: [], nextCursor: null }, failed: true };
      },
    ),
  );
}

export type LoadedCommunity = {
  access: CommunityAccess;
  page: FeedPage;
  failed: string | null;
  members: CommunityMembersPage;
  membersFailed: boolean;
};

/**
 * A community's page: its header, and the open tab's list (posts for members, or the members), each
 * failing alone into its own message. The header and the list ride the same round trip.
 */
export function loadCommunityPage(context: AppLoadContext, communityId: string, tab: CommunityTab, cursor: string | null): Promise<LoadedCommunity> {
  const header = context.readAsMember((viewer) => [communityRead(context.db, viewer, communityId)] as const);
  const feed =
    tab === "posts"
      ? loadMemberFeed(context, (viewer) => communityPostsRead(context.db, viewer, communityId, { cursor }), cursor, COMMUNITY_MESSAGES.postsFailed)
      : Promise.resolve({ page: { items: [], nextCursor: null }, failed: null });
  const members =
    tab === "members"
      ? context.readAsMember((viewer) => [communityMembersRead(context.db, viewer, communityId, cursor)] as const).then(
          (answers) => ({ members: answers?.[0] ?? { items: [], nextCursor: null }, membersFailed: false }),
          (error: unknown) => {
            console.error("A community members read failed:", error);
            return { members: { items: [], nextCursor: cursor }, membersFailed: true };
          },
        )
      : Promise.resolve({ members: { items: [], nextCursor: null }, membersFailed: false });
  return readLater(
    Promise.all([header, feed, members]).then(([answers, { page, failed }, listed]) => ({
      access: answers?.[0] ?? { kind: "missing" as const },
      page,
      failed,
      ...listed,
    })),
  );
}

/** The community image a form carries: checked by its bytes, counted as an upload, stored. */
async function storedImage(context: AppLoadContext, memberId: string, form: FormData): Promise<{ ok: true; key: string | null } | { ok: false; message: string; status: 400 | 429 }> {
  const file = form.get("image");
  if (!(file instanceof File) || file.size === 0) return { ok: true, key: null };
  const check = await checkMediaFile(file, "image");
  if (!check.ok) return { ok: false, message: check.message, status: 400 };
  const verdict = await limiterOf(context).hit([subjects.member(memberId)], "upload");
  if (!verdict.allowed) return { ok: false, message: UPLOAD_MESSAGES.tooMany, status: 429 };
  const stored = await storeMedia(context.db, context.cloudflare.env.MEDIA, memberId, file, check.type, "communities");
  return { ok: true, key: stored.key };
}

/**
 * Create Community and Edit Community (intents community-create / community-update): the form's
 * errors come back beside its fields (as data, with or without JavaScript); success redirects to the
 * community with the spec's toast. An image stored for a save that was then refused is removed.
 */
export async function answerCommunityForm({ context, member, form, intent }: MemberActionArgs<"community-create" | "community-update">, communityId?: string) {
  const schema = intent === "community-create" ? CreateCommunitySchema : EditCommunitySchema;
  const submission = parseSubmission(form, { schema });
  const again = (status: number, message: string | null, fieldErrors?: Record<string, string[]>) =>
    data<CommunityFormAnswer>(
      { ok: false, message, lastResult: submission.reply(fieldErrors ? { fieldErrors } : message ? { formErrors: [message] } : undefined) },
      { status },
    );
  if (submission.status !== "success") return again(400, null);
  const image = await storedImage(context, member.id, form);
  if (!image.ok) return again(image.status, image.message, { image: [image.message] });
  const bucket = context.cloudflare.env.MEDIA;
  try {
    const outcome =
      intent === "community-create"
        ? await createCommunity(context.db, member.id, submission.value as never, { imageKey: image.key })
        : await updateCommunity(context.db, bucket, member.id, communityId!, submission.value as never, { imageKey: image.key });
    if (!outcome.ok) {
      if (image.key) await deleteMedia(context.db, bucket, [image.key]);
      return again(outcome.status, outcome.message, outcome.field ? { [outcome.field]: [outcome.message ?? ""] } : undefined);
    }
    const id = "communityId" in outcome ? outcome.communityId : communityId!;
    const message = intent === "community-create" ? COMMUNITY_MESSAGES.created : COMMUNITY_MESSAGES.updated;
    return context.toasts.redirect(`/community/${id}`, { message });
  } catch (error) {
    if (image.key) await deleteMedia(context.db, bucket, [image.key]).catch(() => {});
    throw error;
  }
}

/**
 * The community of a creator-only page (Edit, the delete confirmation): 404 when it does not exist or
 * is hidden from the member, 403 for anyone but its creator.
 */
export async function requireOwnCommunity(request: Request, context: AppLoadContext, params: Record<string, string | undefined>) {
  const communityId = requiredParam(params, "communityId");
  const read = context.readAsMember((viewer) => [communityRead(context.db, viewer, communityId)] as const);
  await requireUser(request, context);
  const access = (await read)?.[0];
  invariantResponse(access?.kind === "visible", COMMUNITY_MESSAGES.notFound, { status: 404 });
  invariantResponse(access.community.role === "creator", COMMUNITY_MESSAGES.onlyCreator, { status: 403 });
  return access.community;
}
