import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { requireUser } from "~/.server/auth/guards";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { CancelVerifiedForm } from "~/components/subscriptions/verified-view";
import { VERIFIED_MESSAGES } from "~/lib/texts/verified";

export const meta: MetaFunction = () => [{ title: `${VERIFIED_MESSAGES.cancelSubscription} | Murmur` }, { name: "robots", content: "noindex" }];

/** The cancel confirmation as a page (without JavaScript; with it, a dialog on /verified). The form posts to /verified. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function CancelVerified() {
  return (
    <div>
      <PageHeader title={VERIFIED_MESSAGES.cancelSubscription} />
      <div className="px-4 py-4">
        <CancelVerifiedForm />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
