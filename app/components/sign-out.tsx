import { Link, PrefetchPageLinks, useLocation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { useState } from "react";
import { AUTH_MESSAGES } from "~/lib/messages";
import { markSigningOut } from "~/lib/signing-out";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { ConfirmActions } from "./ui/confirm-actions";
import { Dialog } from "./ui/dialog";

export const SIGN_OUT_MESSAGE = AUTH_MESSAGES.signOutConfirm;

/** The confirmation's buttons, shared by the dialog (JavaScript) and the /logout page (without). */
export function SignOutActions({ busy, onCancel, cancelHref }: { busy: boolean; onCancel?: () => void; cancelHref?: string }) {
  return <ConfirmActions label={AUTH_MESSAGES.signOut} busyLabel={AUTH_MESSAGES.signingOut} busy={busy} onCancel={onCancel} cancelHref={cancelHref} />;
}

/** 'Sign Out' opens a confirmation dialog with JavaScript; without it, the link leads to the /logout page. */
export function SignOutButton({ className = "" }: { className?: string }) {
  const [open, setOpen] = useState(false);
  // A sign-out that failed or got no answer says so in a toast; the dialog stays for another try.
  const { fetcher, busy } = useActionFetcher<{ ok: boolean; message?: string | null }>("sign-out");
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;

  return (
    <>
      <Link
        to={`/logout?${new URLSearchParams({ returnTo })}`}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        className={`flex items-center gap-4 rounded-full px-3 py-2.5 text-fg hover:bg-surface ${className}`}
      >
        <Icon name="log-out" className="size-6" />
        <span>{AUTH_MESSAGES.signOut}</span>
      </Link>
      <Dialog open={open} onClose={() => setOpen(false)} title={AUTH_MESSAGES.signOut}>
        <p className="text-muted">{SIGN_OUT_MESSAGE}</p>
        {/* The sign-out's code is fetched as the dialog opens, so that offline it can still say 'Failed to
            sign out' rather than fail to load (decision 079). */}
        <PrefetchPageLinks page="/logout" />
        <fetcher.Form method="post" action="/logout" onSubmit={markSigningOut}>
          <SignOutActions busy={busy} onCancel={() => setOpen(false)} />
        </fetcher.Form>
      </Dialog>
    </>
  );
}
