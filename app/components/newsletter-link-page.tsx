// The two pages the newsletter's mails link to (/newsletter/confirmar, /newsletter/baja): one
// button that posts the link's token, so that a mail scanner opening the link changes nothing,
// and the answer in words on the page (decision 101).
import { Form, useNavigation } from "react-router";
import { AccountPanel } from "~/components/account/form-controls";
import { ApiError, api, describeError } from "~/lib/api";

export interface LinkOutcome {
  done: boolean;
  title: string;
  message: string;
}

/** The clientAction of both pages: the token comes from the link the visitor opened. */
export async function postLinkToken(request: Request, apiPath: string): Promise<LinkOutcome> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const answer = await api<{ title: string; message: string }>(
      "POST",
      apiPath,
      { token },
      { silent: true },
    );
    return { done: true, ...answer };
  } catch (error) {
    const failure =
      error instanceof ApiError
        ? describeError(error.status, error.body)
        : describeError(null, null);
    return { done: false, title: failure.title, message: failure.message };
  }
}

export function NewsletterLinkPage({
  title,
  intro,
  button,
  busy,
  outcome,
}: {
  title: string;
  intro: string;
  button: string;
  busy: string;
  outcome: LinkOutcome | undefined;
}) {
  const sending = useNavigation().state === "submitting";
  return (
    <AccountPanel title={outcome?.done ? outcome.title : title}>
      <div className="space-y-4 text-ink">
        <div role="status" aria-live="polite">
          {outcome ? (
            <>
              {outcome.done ? null : <p className="font-semibold">{outcome.title}</p>}
              <p>{outcome.message}</p>
            </>
          ) : null}
        </div>
        {outcome?.done ? null : (
          <>
            {outcome ? null : <p>{intro}</p>}
            <Form method="post" replace>
              <button
                type="submit"
                disabled={sending}
                className="min-h-11 w-full rounded-md bg-terracotta px-4 font-semibold text-white hover:bg-terracotta-dark disabled:opacity-70"
              >
                {sending ? busy : button}
              </button>
            </Form>
          </>
        )}
      </div>
    </AccountPanel>
  );
}
