import type { FormEvent, FormHTMLAttributes } from "react";
import type { FetcherSubmit } from "~/lib/use-keyed-fetcher";

/**
 * A plain <form> that, once JavaScript runs, submits through `fetcher`. Remix's fetcher.Form resolves
 * its action against the route tree on every render; a feed renders dozens of these forms, so this
 * one takes an absolute action and does nothing until it is submitted (DESIGN.md §9 server time).
 * Without JavaScript it is the same form, posted by the browser.
 */
export function FetcherForm({
  fetcher,
  action,
  encType,
  onSubmit,
  ...props
}: Omit<FormHTMLAttributes<HTMLFormElement>, "method" | "action" | "encType"> & {
  fetcher: { submit: FetcherSubmit };
  action: string;
  encType?: "application/x-www-form-urlencoded" | "multipart/form-data";
}) {
  return (
    <form
      {...props}
      method="post"
      action={action}
      encType={encType}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        onSubmit?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        fetcher.submit(event.currentTarget, { method: "post", action, encType });
      }}
    />
  );
}
