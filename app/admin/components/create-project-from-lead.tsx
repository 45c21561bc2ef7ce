// «Crear obra» on a lead marked ganado (decision 249): a draft holding the lead's service and
// city opens in the project's edit form. The lead's photos go in as «antes» only when staff tick
// that the client agreed and say who agreed (the server keeps who, which staff member and when).
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { Refusal } from "~/admin/components/refusal";
import { refusalMessage } from "~/admin/lib/records";
import { fieldErrorsOf } from "~/components/form-field";
import { api } from "~/lib/api";

export function CreateProjectFromLead({
  leadId,
  hasPhotos,
}: {
  leadId: number;
  hasPhotos: boolean;
}) {
  const navigate = useNavigate();
  const [copyPhotos, setCopyPhotos] = useState(false);
  const [consent, setConsent] = useState(false);
  const [consentBy, setConsentBy] = useState("");
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string>();
  const consentById = useId();

  const create = async () => {
    setBusy(true);
    setRefused(undefined);
    try {
      const { id } = await api<{ id: number }>(
        "POST",
        "admin/projects/from-lead",
        { lead_id: leadId, copy_photos: copyPhotos, consent, consent_by: consentBy },
        { silent: true },
      );
      navigate(`/admin/projects/update/${id}`);
    } catch (error) {
      console.error(`Creating a project from lead ${leadId} failed`, error);
      setRefused(
        Object.values(fieldErrorsOf(error)).flat()[0] ??
          refusalMessage(error, [404]) ??
          "No se ha podido crear la obra. Intenta nuevamente.",
      );
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="crear-obra"
      className="mt-6 rounded-xl border border-sand-200 bg-white p-4"
    >
      <h2 id="crear-obra" className="font-display text-lg font-semibold text-ink">
        Obra terminada
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Crea un borrador de obra con el servicio y la ciudad de esta solicitud. Nadie lo ve en la
        web hasta que lo publiques.
      </p>
      {hasPhotos ? (
        <fieldset className="mt-3 space-y-2">
          <legend className="sr-only">Fotos de la solicitud</legend>
          <label className="flex min-h-11 items-center gap-2 text-ink">
            <input
              type="checkbox"
              checked={copyPhotos}
              onChange={(event) => setCopyPhotos(event.target.checked)}
              className="size-5"
            />
            Copiar las fotos de la solicitud como «antes»
          </label>
          {copyPhotos ? (
            <>
              <label className="flex min-h-11 items-center gap-2 text-ink">
                <input
                  type="checkbox"
                  checked={consent}
                  onChange={(event) => setConsent(event.target.checked)}
                  className="size-5"
                />
                El cliente autorizó publicar sus fotos
              </label>
              <div>
                <label htmlFor={consentById} className="text-sm font-medium text-ink-soft">
                  Quién lo autorizó
                </label>
                <input
                  id={consentById}
                  value={consentBy}
                  maxLength={120}
                  onChange={(event) => setConsentBy(event.target.value)}
                  className="mt-1 block min-h-11 w-full max-w-sm rounded-md border border-sand-300 px-2 text-ink"
                />
              </div>
            </>
          ) : null}
        </fieldset>
      ) : null}
      <button
        type="button"
        disabled={busy}
        onClick={create}
        className="mt-3 min-h-11 rounded-md bg-ink px-4 text-sm font-medium text-plaster disabled:opacity-60"
      >
        {busy ? "Creando la obra..." : "Crear obra"}
      </button>
      <Refusal
        answer={refused ? { ok: false, message: refused } : undefined}
        className="mt-2 text-sm text-terracotta-dark"
      />
    </section>
  );
}
