// The account's open sessions on the staff member's security screen (decision 221): the
// browser in words, when each was made and last used, which one is this; each other one
// closable, or all of them at once.
import { Form, useNavigation } from "react-router";
import type { OpenSession } from "~/admin/lib/security";
import { SubmitButton } from "~/components/account/form-controls";
import { unknownBrowser } from "../../../content/account-fields";
import { officeDateTime } from "../../../content/office-clock";

const when = (iso: string | null) => (iso ? officeDateTime.format(new Date(iso)) : "N/A");

export function SessionsPanel({ sessions }: { sessions: OpenSession[] }) {
  const navigation = useNavigation();
  const busy = (intent: string, id?: number) =>
    navigation.formData?.get("intent") === intent &&
    (id === undefined || navigation.formData?.get("id") === String(id));
  const others = sessions.filter((session) => !session.current).length;
  return (
    <section aria-labelledby="sesiones" className="rounded-xl border border-sand-200 bg-white p-6">
      <h2 id="sesiones" className="font-display text-2xl font-semibold text-ink">
        Sesiones abiertas
      </h2>
      <p className="mt-2 text-ink-soft">
        Cada navegador o dispositivo donde has iniciado sesión. Si no reconoces alguno, ciérralo y
        cambia tu contraseña.
      </p>
      <ul className="mt-4 divide-y divide-sand-200">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-medium text-ink">
                {session.browser ?? unknownBrowser}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-ink px-2 py-0.5 text-sm text-plaster">
                    Esta sesión
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-ink-soft">
                Iniciada el {when(session.created_at)} · Último uso: {when(session.last_used_at)}
              </p>
            </div>
            {session.current ? null : (
              <Form method="post" replace>
                <input type="hidden" name="intent" value="close" />
                <input type="hidden" name="id" value={session.id} />
                <SubmitButton
                  pending={busy("close", session.id)}
                  pendingLabel="Cerrando..."
                  variant="secondary"
                >
                  Cerrar
                  <span className="sr-only">
                    {" "}
                    la sesión de {session.browser ?? "un navegador desconocido"} iniciada el{" "}
                    {when(session.created_at)}
                  </span>
                </SubmitButton>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post" replace className="mt-4">
          <input type="hidden" name="intent" value="close-others" />
          <SubmitButton pending={busy("close-others")} pendingLabel="Cerrando..." variant="danger">
            Cerrar las demás sesiones
          </SubmitButton>
        </Form>
      ) : (
        <p className="mt-4 text-ink-soft">No tienes más sesiones abiertas que esta.</p>
      )}
    </section>
  );
}
