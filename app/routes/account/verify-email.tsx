// /verify-email/:token (SPEC §2, both): the link of the verification e-mail. Calls the API once
// (the clientLoader), reloads the user when signed in, then counts down 5 seconds to /login
// (SPEC §9). A failure is
// silent (SPEC §8: no dialog); the page only says the link did not work and what to do.
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AccountPanel, AccountWaiting } from "~/components/account/form-controls";
import { api } from "~/lib/api";
import { reloadUser, restoreSession } from "~/lib/auth";
import { showSuccess } from "~/lib/dialog";
import { noindexMeta, type PageMatches } from "~/lib/seo";
import { getSession } from "~/lib/session";
import { accountPages } from "../../../content/account-pages";
import type { Route } from "./+types/verify-email";

export const meta = ({ matches }: { matches: PageMatches }) =>
  noindexMeta(accountPages.verifyEmail, matches);

const COUNTDOWN_SECONDS = 5;

/**
 * The one call for the link's token, as the route's clientLoader: it runs once per visit of the
 * link (never again on revalidation: the token is single-use), before the screen renders. The
 * session is restored first, so the call carries its token and the answer can say whether the
 * address it verified is the signed-in user's own (`yours`): a link opened while signed in as
 * someone else verifies the link's address, not theirs (decision 054).
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const session = await restoreSession();
  try {
    const answer = await api<{ title?: string; message?: string; yours?: boolean }>(
      "GET",
      `verify-email/${encodeURIComponent(params.token)}`,
      undefined,
      { silent: true },
    );
    void showSuccess(answer);
    if (session.user) await reloadUser();
    if (answer.yours === true) return { outcome: "verified" as const };
    // Read from the session's user, not with isVerified: exporting that from the site's chunk
    // would grow every public page for this screen's sake.
    const user = getSession().user;
    return {
      outcome: "link-verified" as const,
      // Signed in as someone else: their own address, verified or not, is unchanged.
      other: user
        ? user.email_verified_at
          ? ("verified" as const)
          : ("unverified" as const)
        : null,
    };
  } catch {
    // A used link opened again by someone whose address is verified (this one, signed in):
    // nothing went wrong, and the page says so instead of asking for a new link.
    const user = (await restoreSession()).user;
    if (user?.email_verified_at) return { outcome: "already" as const };
    return { outcome: "failed" as const, signedIn: Boolean(user) };
  }
}
clientLoader.hydrate = true as const;

export const shouldRevalidate = () => false;

export const HydrateFallback = () => (
  <AccountWaiting title="Verificación de correo">Verificando tu correo...</AccountWaiting>
);

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const [seconds, setSeconds] = useState(COUNTDOWN_SECONDS);
  const navigate = useNavigate();

  useEffect(() => {
    if (seconds <= 0) {
      navigate("/login", { replace: true });
      return;
    }
    const timer = setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, navigate]);

  return (
    <AccountPanel title="Verificación de correo">
      {/* An account screen: no phones' bottom bar over it (app.css). */}
      <div className="space-y-4 text-ink" data-no-action-bar>
        <div role="status" className="space-y-2">
          <Outcome {...loaderData} />
        </div>
        {/* Not a live region: announcing every second would drown a screen reader. */}
        <p className="text-ink-soft">
          Te redirigirás en {seconds} {seconds === 1 ? "segundo" : "segundos"}
        </p>
        <p>
          <Link to="/login" className="font-medium text-terracotta-dark underline">
            Ir ahora a iniciar sesión
          </Link>
        </p>
      </div>
    </AccountPanel>
  );
}

/** What the link did, said of whose address it was. */
function Outcome(result: Route.ComponentProps["loaderData"]) {
  switch (result.outcome) {
    case "verified":
      return <p>Tu correo electrónico ha quedado verificado. ¡Gracias!</p>;
    case "link-verified":
      return (
        <>
          <p>El correo electrónico de este enlace ha quedado verificado. ¡Gracias!</p>
          {result.other === "unverified" ? (
            <p>
              El enlace era de otra cuenta: tu correo sigue sin verificar. Usa el enlace que te
              enviamos a ti o pide uno nuevo desde tu panel.
            </p>
          ) : null}
          {result.other === "verified" ? (
            <p>El enlace era de otra cuenta: la tuya no ha cambiado.</p>
          ) : null}
        </>
      );
    case "already":
      return <p>Tu correo electrónico ya está verificado.</p>;
    default:
      return result.signedIn ? (
        <p>
          No hemos podido verificar tu correo con este enlace: puede que ya se haya usado o que haya
          caducado. Pide uno nuevo desde tu panel.
        </p>
      ) : (
        <p>
          No hemos podido verificar tu correo con este enlace: puede que ya se haya usado o que haya
          caducado. Si ya lo verificaste, solo tienes que iniciar sesión; si no, inicia sesión y
          pide uno nuevo desde tu panel.
        </p>
      );
  }
}
