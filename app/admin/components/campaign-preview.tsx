// The live preview beside a campaign's editor (decision 259): what is typed, rendered by the
// server as the subscriber's mail is (POST /api/admin/campaigns/preview), in a sandboxed frame
// that runs no script. Asked 400 ms after the last keystroke; only the latest answer is shown.
import { useEffect, useRef, useState } from "react";
import { api } from "~/lib/api";

interface Preview {
  subject: string;
  html: string;
  text: string;
}

const pause = 400;

export function CampaignPreview({ subject, body }: { subject: string; body: string }) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const [failed, setFailed] = useState(false);
  const asked = useRef(0);
  useEffect(() => {
    const turn = ++asked.current;
    const timer = setTimeout(() => {
      api<{ data: Preview }>("POST", "admin/campaigns/preview", { subject, body }, { silent: true })
        .then((answer) => {
          if (turn !== asked.current) return;
          setPreview(answer.data);
          setFailed(false);
        })
        .catch((error) => {
          if (turn !== asked.current) return;
          console.error("Campaign preview failed", error);
          setFailed(true);
        });
    }, pause);
    return () => clearTimeout(timer);
  }, [subject, body]);

  return (
    <section aria-labelledby="vista-previa" className="min-w-0">
      <h2 id="vista-previa" className="font-display text-xl font-semibold text-ink">
        Vista previa
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Se actualiza mientras escribes. El saludo («Hola:») y el pie con la firma de la empresa y el
        enlace de baja se añaden solos: no los escribas en el contenido.
      </p>
      <p role="status" className="mt-1 min-h-6 text-sm text-terracotta-dark">
        {failed ? "No se ha podido actualizar la vista previa." : ""}
      </p>
      {preview ? (
        <>
          <p className="text-sm text-ink">
            <span className="text-ink-soft">Asunto: </span>
            <span data-testid="preview-subject">{preview.subject}</span>
          </p>
          <iframe
            title="Vista previa del correo"
            sandbox=""
            srcDoc={preview.html}
            className="mt-2 h-[36rem] w-full rounded-lg border border-sand-200 bg-white"
          />
        </>
      ) : null}
    </section>
  );
}
