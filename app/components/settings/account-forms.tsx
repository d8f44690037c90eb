import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { FetcherForm } from "~/components/fetcher-form";
import { ReturnTo } from "~/components/return-to";
import { buttonClass } from "~/components/ui/button";
import { ConfirmActions } from "~/components/ui/confirm-actions";
import { Dialog } from "~/components/ui/dialog";
import { Field, FormError } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { lastAnswer } from "~/lib/last-answer";
import { ACCOUNT_MESSAGES } from "~/lib/texts/account";
import { ChangePasswordSchema, DeleteAccountSchema } from "~/lib/schemas/auth";
import { markSigningOut } from "~/lib/signing-out";
import type { AccountAnswer } from "~/lib/types/settings";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { useSchemaForm } from "~/lib/use-schema-form";

export const ACCOUNT_SETTINGS_PATH = "/settings/account";
/** The download's address (docs/decisions/090): a resource route beside the tab. */
export const ACCOUNT_EXPORT_PATH = "/settings/account/export";

/**
 * Settings › Account (docs/decisions/074): a new password, and deleting the account. Plain forms to the
 * tab's page without JavaScript; with it, through a fetcher, and the delete asks once more in a dialog.
 */

export function ChangePasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { fetcher, busy } = useActionFetcher<AccountAnswer>("password-change");
  const [form, fields] = useSchemaForm("password-change", ChangePasswordSchema, busy ? undefined : lastAnswer(fetcher.data, lastResult));
  return (
    <div className="flex flex-col gap-3">
      <div>
        <h3 className="font-bold">{ACCOUNT_MESSAGES.passwordSection}</h3>
        <p className="text-sm text-muted">{ACCOUNT_MESSAGES.passwordSectionHelp}</p>
      </div>
      <FetcherForm fetcher={fetcher} action={ACCOUNT_SETTINGS_PATH} {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="password-change" />
        <ReturnTo />
        <FormError errors={form.errors} />
        <Field
          label={ACCOUNT_MESSAGES.currentPasswordLabel}
          inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.currentPassword.errors}
        />
        <Field
          label={ACCOUNT_MESSAGES.newPasswordLabel}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
        />
        <Field
          label={ACCOUNT_MESSAGES.confirmNewPasswordLabel}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <SubmitButton busy={busy} busyLabel={ACCOUNT_MESSAGES.saving} className="w-fit">
          {ACCOUNT_MESSAGES.changePassword}
        </SubmitButton>
      </FetcherForm>
    </div>
  );
}

/**
 * Download your data (docs/decisions/090): a plain link to the file, so the browser downloads it as it
 * comes, with or without JavaScript (a document request: Remix's router must not fetch it as data).
 */
export function DownloadDataSection() {
  return (
    <div className="flex flex-col gap-3">
      <div>
        <h3 className="font-bold">{ACCOUNT_MESSAGES.exportSection}</h3>
        <p className="text-sm text-muted">{ACCOUNT_MESSAGES.exportIntro}</p>
        <p className="mt-1 text-sm text-muted">{ACCOUNT_MESSAGES.exportNoSecrets}</p>
      </div>
      <a href={ACCOUNT_EXPORT_PATH} className={buttonClass("secondary", "w-fit")}>
        {ACCOUNT_MESSAGES.exportDownload}
      </a>
    </div>
  );
}

/**
 * The danger zone: what goes with the account, the communities that hold it back (created by the
 * member, joined by others), and the form that takes the password. With JavaScript a valid form first
 * opens the confirmation; Delete there sends it.
 */
export function DeleteAccountForm({ sharedCommunities, lastResult }: { sharedCommunities: { id: string; name: string }[]; lastResult?: SubmissionResult<string[]> }) {
  const [confirming, setConfirming] = useState(false);
  const formElement = useRef<HTMLFormElement | null>(null);
  // A refusal (a wrong password) closes the confirmation, to show it beside the field. Success opens a new document.
  const { fetcher, busy } = useActionFetcher<AccountAnswer>("account-delete", () => setConfirming(false));
  const [form, fields] = useSchemaForm("account-delete", DeleteAccountSchema, busy ? undefined : lastAnswer(fetcher.data, lastResult));
  const formProps = getFormProps(form);

  const askFirst = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    formElement.current = event.currentTarget;
    setConfirming(true);
  };
  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!formElement.current) return;
    // The account's sessions end with it: this page's own rooms then close, and it is already on its way to sign-in.
    markSigningOut();
    fetcher.submit(formElement.current, { method: "post", action: ACCOUNT_SETTINGS_PATH });
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-danger p-4">
      <h3 className="font-bold text-danger">{ACCOUNT_MESSAGES.deleteSection}</h3>
      <p className="text-sm">{ACCOUNT_MESSAGES.deleteIntro}</p>
      <ul className="list-disc pl-5 text-sm">
        {ACCOUNT_MESSAGES.deleteWhat.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="text-sm text-muted">{ACCOUNT_MESSAGES.deleteOwnedCommunities}</p>
      {sharedCommunities.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm">
          {sharedCommunities.map((community) => (
            <li key={community.id}>
              <Link to={`/community/${community.id}`} className="text-link hover:underline" dir="auto">
                {community.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <FetcherForm fetcher={fetcher} action={ACCOUNT_SETTINGS_PATH} {...formProps} onSubmit={askFirst} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="account-delete" />
        <ReturnTo />
        <FormError errors={form.errors} />
        <p className="text-sm">{ACCOUNT_MESSAGES.deletePasswordHelp}</p>
        <Field
          label={ACCOUNT_MESSAGES.passwordLabel}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.password.errors}
        />
        <SubmitButton variant="danger" busy={busy} busyLabel={ACCOUNT_MESSAGES.deleting} className="w-fit">
          {ACCOUNT_MESSAGES.deleteAccount}
        </SubmitButton>
      </FetcherForm>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={ACCOUNT_MESSAGES.deleteConfirmTitle}>
        <p className="text-muted">{ACCOUNT_MESSAGES.deleteConfirm}</p>
        <form onSubmit={confirm}>
          <ConfirmActions label={ACCOUNT_MESSAGES.deleteAccount} busyLabel={ACCOUNT_MESSAGES.deleting} busy={busy} onCancel={() => setConfirming(false)} />
        </form>
      </Dialog>
    </div>
  );
}
