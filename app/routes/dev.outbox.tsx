import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { requireLocalDevelopment } from "~/.server/http";
import { listOutbox } from "~/.server/mail";
import { PublicPage } from "~/components/public-page";
import { formatRelativeTime } from "~/lib/format";

export const meta: MetaFunction = () => [{ title: "Mail outbox (local) | Murmur" }, { name: "robots", content: "noindex" }];

/**
 * The local mail outbox: every e-mail the embedded mailer "sent", so a person can follow its links.
 * Exists only on a local (non-production) Worker reached at localhost; anywhere else it is a 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireLocalDevelopment(request, context.config);
  const messages = await listOutbox(context.db);
  return { messages: messages.map(({ id, toAddress, subject, textBody, headers, createdAt }) => ({ id, toAddress, subject, textBody, headers, createdAt })) };
}

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="break-all text-accent underline">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export default function Outbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <PublicPage footer={false}>
      <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-10">
        <h1 className="text-2xl font-bold">Mail outbox</h1>
        <p className="text-sm text-muted">Local development only: e-mails Murmur would have sent, newest first.</p>
        {messages.length === 0 ? <p>No e-mails yet.</p> : null}
        <ol className="flex flex-col gap-4">
          {messages.map((message) => (
            <li key={message.id} className="rounded-xl border border-line p-4">
              <article aria-label={message.subject}>
                <h2 className="font-bold">{message.subject}</h2>
                <p className="text-sm text-muted">
                  To {message.toAddress} · {formatRelativeTime(message.createdAt)} ago
                </p>
                {/* Its own headers (a digest's List-Unsubscribe), as a mail client would find them. */}
                {message.headers ? (
                  <pre aria-label="Headers" className="mt-2 font-mono text-xs break-all whitespace-pre-wrap text-muted">
                    {Object.entries(message.headers)
                      .map(([name, value]) => `${name}: ${value}`)
                      .join("\n")}
                  </pre>
                ) : null}
                <pre className="mt-3 font-sans text-sm whitespace-pre-wrap">
                  <Linkified text={message.textBody} />
                </pre>
              </article>
            </li>
          ))}
        </ol>
      </div>
    </PublicPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
