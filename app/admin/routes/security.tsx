// /admin/seguridad (decisions 220, 221): a staff member's own security. The second factor: its
// state, its enrolment (the QR code the server draws, the first code back, the ten recovery
// codes shown once), new recovery codes and removal; and the account's open sessions, each
// closable, or all but this one at once. Reads are the clientLoader, writes the clientAction.
import { useEffect, useState } from "react";
import { useActionData, useLoaderData } from "react-router";
import { SecondFactorPanel } from "~/admin/components/second-factor-panel";
import { SessionsPanel } from "~/admin/components/sessions-panel";
import type { ActionData, Enrolment, OpenSession, SecondFactorState } from "~/admin/lib/security";
import { fieldErrorsOf } from "~/components/form-field";
import { ApiError, api } from "~/lib/api";
import { reloadUser } from "~/lib/auth";
import { showSuccess } from "~/lib/dialog";
import { noindexMeta, type PageMatches } from "~/lib/seo";
import { accountPages } from "../../../content/account-pages";

export const meta = ({ matches }: { matches: PageMatches }) =>
  noindexMeta(accountPages.security, matches);

type LoaderData =
  | { status: "ready"; secondFactor: SecondFactorState; sessions: OpenSession[] }
  | { status: "failed" };

export async function clientLoader(): Promise<LoaderData> {
  try {
    const [secondFactor, { sessions }] = await Promise.all([
      api<SecondFactorState>("GET", "two-factor", undefined, { silent: true }),
      api<{ sessions: OpenSession[] }>("GET", "sessions", undefined, { silent: true }),
    ]);
    return { status: "ready", secondFactor, sessions };
  } catch (error) {
    console.error("Security screen failed to load", error);
    return { status: "failed" };
  }
}
clientLoader.hydrate = true as const;

export async function clientAction({ request }: { request: Request }): Promise<ActionData> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const code = String(form.get("code") ?? "");
  try {
    switch (intent) {
      case "setup":
        return { intent, enrolment: await api<Enrolment>("POST", "two-factor/setup", {}) };
      case "confirm":
      case "codes": {
        const path = intent === "confirm" ? "two-factor/confirm" : "two-factor/recovery-codes";
        const answer = await api<{ recovery_codes: string[] }>("POST", path, { code });
        // The session's user now says the second factor is on: the admin opens again.
        await reloadUser();
        return { intent, recoveryCodes: answer.recovery_codes };
      }
      case "disable": {
        void showSuccess(await api("POST", "two-factor/disable", { code }));
        await reloadUser();
        return { intent, done: true };
      }
      case "close":
        void showSuccess(await api("POST", "sessions/close", { id: Number(form.get("id")) }));
        return { intent, done: true };
      case "close-others":
        void showSuccess(await api("POST", "sessions/close-others", {}));
        return { intent, done: true };
      default:
        throw new Error(`Unknown intent ${intent}`);
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { intent, errors: fieldErrorsOf(error) };
  }
}

export default function Security() {
  const data = useLoaderData() as LoaderData;
  const answer = useActionData() as ActionData | undefined;
  // The QR code stays on screen while the first code is typed, wrong ones included.
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  useEffect(() => {
    if (answer && "enrolment" in answer) setEnrolment(answer.enrolment);
    if (answer && "recoveryCodes" in answer) setEnrolment(null);
  }, [answer]);

  return (
    <div className="mx-auto w-full max-w-3xl space-y-8 px-4 py-8">
      <h1 className="font-display text-3xl font-semibold text-ink">Seguridad de la cuenta</h1>
      {data.status === "failed" ? (
        <p role="alert" className="text-ink">
          No hemos podido cargar la seguridad de tu cuenta. Vuelve a intentarlo en unos segundos.
        </p>
      ) : (
        <>
          <SecondFactorPanel state={data.secondFactor} enrolment={enrolment} answer={answer} />
          <SessionsPanel sessions={data.sessions} />
        </>
      )}
    </div>
  );
}
