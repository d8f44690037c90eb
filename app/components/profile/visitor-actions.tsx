import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

/**
 * Message and Follow on a public profile for a signed-out visitor (spec document 2 §2): both send to
 * sign-in with the way back, where the member, now signed in, lands on the member's profile.
 */
export function VisitorActions({ username, signIn }: { username: string; signIn: string }) {
  const size = "px-4 py-1.5 text-sm";
  return (
    <div className="flex flex-wrap items-center gap-2 pt-14">
      <Link to={signIn} className={buttonClass("secondary", size)}>
        Message
      </Link>
      <Link to={signIn} aria-label={`Follow @${username}`} className={buttonClass("primary", size)}>
        Follow
      </Link>
    </div>
  );
}
