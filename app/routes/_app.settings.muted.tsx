import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/.server/auth/guards";
import { mutedListRead } from "~/.server/mutes";
import { readLater } from "~/.server/db/reads";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MuteButton } from "~/components/profile/mute-button";
import { KeptMembersPage } from "~/components/settings/kept-members";
import { MUTE_TEXTS } from "~/lib/texts/profile";

export const meta: MetaFunction = () => [{ title: `${MUTE_TEXTS.listTitle} | Murmur` }, { name: "robots", content: "noindex" }];

/** The members the member muted (decision 107), newest first, one keyset page at a time. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get("cursor");
  const answers = readLater(context.readAsMember((viewer) => [mutedListRead(context.db, viewer, cursor)] as const));
  await requireUser(request, context);
  const list = (await answers)?.[0] ?? { items: [], nextCursor: null };
  return { list };
}

export default function MutedAccountsPage() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <KeptMembersPage
      list={list}
      path="/settings/muted"
      texts={MUTE_TEXTS}
      undo={(member, done) => <MuteButton username={member.username} muted returnTo="/settings/muted" onDone={done} />}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
