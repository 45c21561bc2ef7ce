// /verify-email/:token (SPEC §2, both): the link of the verification e-mail. Calls the API once,
// reloads the user when signed in, then counts down 5 seconds to /login (SPEC §9). A failure is
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

// A token is single-use: one request per token even if the screen mounts twice.
const attempts = new Map<string, Promise<boolean>>();

function verify(token: string): Promise<boolean> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = api<{ title?: string; message?: string }>(
      "GET",
      `verify-email/${encodeURIComponent(token)}`,
      undefined,
      { silent: true },
    ).then(
      async (answer) => {
        void showSuccess(answer);
        const session = await restoreSession();
        if (session.user) await reloadUser();
        return true;
      },
      () => false,
    );
    attempts.set(token, attempt);
  }
  return attempt;
}

export default function VerifyEmail({ params }: Route.ComponentProps) {
  const [outcome, setOutcome] = useState<"pending" | "verified" | "failed">("pending");
  const [seconds, setSeconds] = useState(COUNTDOWN_SECONDS);
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    verify(params.token).then((ok) => {
      if (live) setOutcome(ok ? "verified" : "failed");
    });
    return () => {
      live = false;
    };
  }, [params.token]);

  useEffect(() => {
    if (outcome === "pending") return;
    if (seconds <= 0) {
      navigate("/login", { replace: true });
      return;
    }
    const timer = setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [outcome, seconds, navigate]);

  return (
    <AccountPanel title="Verificación de correo">
      <div className="space-y-4 text-ink">
        <div role="status">
          {outcome === "pending" ? <p>Verificando tu correo...</p> : null}
          {outcome === "verified" ? (
            <p>Tu correo electrónico ha quedado verificado. ¡Gracias!</p>
          ) : null}
          {outcome === "failed" ? (
            <p>
              No hemos podido verificar tu correo con este enlace: puede que ya se haya usado o que
              haya caducado. Inicia sesión y pide uno nuevo desde tu panel.
            </p>
          ) : null}
        </div>
        {outcome !== "pending" ? (
          // Not a live region: announcing every second would drown a screen reader.
          <p className="text-ink-soft">
            Te redirigirás en {seconds} {seconds === 1 ? "segundo" : "segundos"}
          </p>
        ) : null}
        <p>
          <Link to="/login" className="font-medium text-terracotta-dark underline">
            Ir ahora a iniciar sesión
          </Link>
        </p>
      </div>
    </AccountPanel>
  );
}
