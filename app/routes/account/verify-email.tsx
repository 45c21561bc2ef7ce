// /verify-email/:token (SPEC §2, both): the link of the verification e-mail. Calls the API once
// (the clientLoader), reloads the user when signed in, then counts down 5 seconds to /login
// (SPEC §9). A failure is
// silent (SPEC §8: no dialog); the page only says the link did not work and what to do.
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AccountPanel } from "~/components/account/form-controls";
import { api } from "~/lib/api";
import { reloadUser, restoreSession } from "~/lib/auth";
import { showSuccess } from "~/lib/dialog";
import { noindexMeta } from "~/lib/seo";
import { accountPages } from "../../../content/account-pages";
import type { Route } from "./+types/verify-email";

export const meta = () => noindexMeta(accountPages.verifyEmail);

const COUNTDOWN_SECONDS = 5;

/**
 * The one call for the link's token, as the route's clientLoader: it runs once per visit of the
 * link (never again on revalidation: the token is single-use), before the screen renders.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  try {
    const answer = await api<{ title?: string; message?: string }>(
      "GET",
      `verify-email/${encodeURIComponent(params.token)}`,
      undefined,
      { silent: true },
    );
    void showSuccess(answer);
    const session = await restoreSession();
    if (session.user) await reloadUser();
    return { outcome: "verified" as const };
  } catch {
    // A used link opened again by someone whose address is verified (this one, signed in):
    // nothing went wrong, and the page says so instead of asking for a new link.
    const session = await restoreSession();
    // Read from the session's user, not with isVerified: exporting that from the site's chunk
    // would grow every public page for this screen's sake.
    const verified = Boolean(session.user?.email_verified_at);
    return { outcome: verified ? ("already" as const) : ("failed" as const) };
  }
}
clientLoader.hydrate = true as const;

export const shouldRevalidate = () => false;

export function HydrateFallback() {
  return (
    <AccountPanel title="Verificación de correo">
      <p role="status" className="text-ink">
        Verificando tu correo...
      </p>
    </AccountPanel>
  );
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { outcome } = loaderData;
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
      <div className="space-y-4 text-ink">
        <div role="status">
          {outcome === "verified" ? (
            <p>Tu correo electrónico ha quedado verificado. ¡Gracias!</p>
          ) : null}
          {outcome === "already" ? <p>Tu correo electrónico ya está verificado.</p> : null}
          {outcome === "failed" ? (
            <p>
              No hemos podido verificar tu correo con este enlace: puede que ya se haya usado o que
              haya caducado. Inicia sesión y pide uno nuevo desde tu panel.
            </p>
          ) : null}
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
