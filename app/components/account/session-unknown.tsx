// What a protected screen shows while the stored token could not be checked (GET /api/user
// aborted, offline, 5xx): the visitor is neither let in nor signed out (docs/decisions/050).
import { useState } from "react";
import { restoreSession } from "~/lib/auth";
import { primaryButton } from "../buttons";

export function SessionUnknown() {
  const [checking, setChecking] = useState(false);
  const retry = async () => {
    setChecking(true);
    // On success the access gate re-renders with the user (or sends a rejected one to /login).
    await restoreSession();
    setChecking(false);
  };
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-16">
      <div role="alert">
        <h1 className="font-display text-3xl font-semibold text-ink">
          No hemos podido comprobar tu sesión
        </h1>
        <p className="mt-4 text-lg text-ink">
          Puede ser la conexión o un problema pasajero del servidor. Tu sesión sigue abierta en este
          dispositivo: vuelve a intentarlo en unos segundos.
        </p>
      </div>
      <button
        type="button"
        className={`${primaryButton} mt-6 disabled:opacity-70`}
        onClick={retry}
        disabled={checking}
      >
        {checking ? "Comprobando..." : "Reintentar"}
      </button>
    </div>
  );
}
