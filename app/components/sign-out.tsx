import { Link, useFetcher, useLocation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { useState } from "react";
import { markSigningOut } from "~/lib/signing-out";
import { ConfirmActions } from "./ui/confirm-actions";
import { Dialog } from "./ui/dialog";

export const SIGN_OUT_MESSAGE = "Are you sure you want to sign out?";

/** The confirmation's buttons, shared by the dialog (JavaScript) and the /logout page (without). */
export function SignOutActions({ busy, onCancel, cancelHref }: { busy: boolean; onCancel?: () => void; cancelHref?: string }) {
  return <ConfirmActions label="Sign Out" busyLabel="Signing out..." busy={busy} onCancel={onCancel} cancelHref={cancelHref} />;
}

/** 'Sign Out' opens a confirmation dialog with JavaScript; without it, the link leads to the /logout page. */
export function SignOutButton({ className = "" }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  const location = useLocation();
  const busy = fetcher.state !== "idle";
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
        <span>Sign Out</span>
      </Link>
      <Dialog open={open} onClose={() => setOpen(false)} title="Sign Out">
        <p className="text-muted">{SIGN_OUT_MESSAGE}</p>
        <fetcher.Form method="post" action="/logout" onSubmit={markSigningOut}>
          <SignOutActions busy={busy} onCancel={() => setOpen(false)} />
        </fetcher.Form>
      </Dialog>
    </>
  );
}
