import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/.server/auth/guards";
import { blockedListRead } from "~/.server/blocks";
import { readLater } from "~/.server/db/reads";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { UnblockButton } from "~/components/profile/block-form";
import { KeptMembersPage } from "~/components/settings/kept-members";
import { BLOCK_TEXTS } from "~/lib/texts/profile";

export const meta: MetaFunction = () => [{ title: `${BLOCK_TEXTS.listTitle} | Murmur` }, { name: "robots", content: "noindex" }];

/** The members the member blocked (decision 100), newest first, one keyset page at a time. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get("cursor");
  const answers = readLater(context.readAsMember((viewer) => [blockedListRead(context.db, viewer, cursor)] as const));
  await requireUser(request, context);
  const list = (await answers)?.[0] ?? { items: [], nextCursor: null };
  return { list };
}

export default function BlockedAccountsPage() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <KeptMembersPage
      list={list}
      path="/settings/blocked"
      texts={BLOCK_TEXTS}
      undo={(member, done) => <UnblockButton username={member.username} returnTo="/settings/blocked" onDone={done} />}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
