import type { MetaFunction } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { SettingsNav } from "~/components/settings/settings-nav";

export const meta: MetaFunction = () => [{ title: "Settings | Murmur" }, { name: "robots", content: "noindex" }];

/** /settings/…: the tabs, and the chosen tab's page beside them (the shell adds the site footer here). */
export default function SettingsLayout() {
  return (
    <div>
      <PageHeader title="Settings" />
      <div className="flex flex-col md:flex-row">
        <SettingsNav />
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
