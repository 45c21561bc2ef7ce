// «Mis solicitudes» on /dashboard (issue 36; decision 267): the requests a visitor sent, in a
// client's words, with their photos; photos added to an open one, checked and made smaller as
// the quote form does; and a request's personal data erased on the visitor's word (decision
// 268). Loaded on demand by the dashboard, so no public page downloads it.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { SubmitButton } from "~/components/account/form-controls";
import { primaryButton } from "~/components/buttons";
import { ApiError, api } from "~/lib/api";
import { askConfirmation, showSuccess } from "~/lib/dialog";
import { canShrinkPhotos, shrinkPhoto } from "~/lib/photo-shrink";
import { privateImageUrl } from "~/lib/private-image";
import {
  type OwnPhoto,
  type OwnRequest,
  myRequestsTexts as texts,
} from "../../../content/my-requests";
import { photoRules } from "../../../content/quote-request";
import { photoProblems } from "../../quote/photo-checks";

const longDate = new Intl.DateTimeFormat("es-ES", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Madrid",
});

/** One photo of the visitor's as a data: URL (an <img src> cannot send the token). */
const photoUrl = (reference: string, photo: OwnPhoto) =>
  privateImageUrl(`my-requests/${reference}/photos/${photo.id}/thumbnail`);

export default function MyRequests() {
  const [requests, setRequests] = useState<OwnRequest[] | null>(null);
  const [failure, setFailure] = useState("");
  const headingId = useId();

  const load = useCallback(() => {
    api<{ requests: OwnRequest[] }>("GET", "my-requests", undefined, { silent: true })
      .then((answer) => {
        setRequests(answer.requests);
        setFailure("");
      })
      .catch((error: unknown) =>
        setFailure(
          error instanceof ApiError && error.status !== null && error.message
            ? error.message
            : texts.loadFailed,
        ),
      );
  }, []);
  useEffect(load, [load]);

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="font-display text-2xl font-semibold text-ink">
        {texts.title}
      </h2>
      <p className="mt-2 max-w-2xl text-ink-soft">{texts.intro}</p>
      {failure ? (
        <p role="alert" className="mt-4 text-terracotta-dark">
          {failure}
        </p>
      ) : requests === null ? (
        <p className="mt-4 text-ink-soft">Cargando tus solicitudes…</p>
      ) : requests.length === 0 ? (
        <div className="mt-4 max-w-2xl rounded-xl border border-sand-300 bg-sand-50 p-6">
          <p className="text-ink">{texts.empty}</p>
          <Link to="/contact" className={`${primaryButton} mt-4`}>
            {texts.ask}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-6 lg:grid-cols-2">
          {requests.map((request) => (
            <li key={request.reference}>
              <RequestCard request={request} onChange={load} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestCard({ request, onChange }: { request: OwnRequest; onChange: () => void }) {
  const titleId = useId();
  const [erasing, setErasing] = useState(false);
  const erase = async () => {
    const confirmed = await askConfirmation(
      "Borrar mis datos",
      texts.eraseConfirm(request.reference),
      "Borrar mis datos",
    );
    if (!confirmed) return;
    setErasing(true);
    try {
      void showSuccess(
        await api<{ title?: string; message?: string }>(
          "POST",
          `my-requests/${request.reference}/erase`,
          {},
        ),
      );
      onChange();
    } catch {
      // api() has already shown the error dialog (SPEC §8).
    } finally {
      setErasing(false);
    }
  };
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-xl border border-sand-300 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={titleId} className="text-lg font-semibold text-ink">
            {request.service.label}
          </h3>
          <p className="text-sm text-ink-soft">
            Solicitud <span className="font-mono text-ink">{request.reference}</span> · enviada el{" "}
            <time dateTime={request.created_at}>
              {longDate.format(new Date(request.created_at))}
            </time>
          </p>
        </div>
        <p className="rounded-full bg-sand-100 px-3 py-1 text-sm font-semibold text-ink">
          <span className="sr-only">Estado: </span>
          {request.status}
        </p>
      </div>
      <Photos request={request} />
      {request.open ? <AddPhotos reference={request.reference} onAdded={onChange} /> : null}
      <div className="mt-5 border-t border-sand-200 pt-4">
        <SubmitButton
          type="button"
          variant="danger"
          pending={erasing}
          onClick={erase}
          pendingLabel="Borrando..."
        >
          Borrar mis datos de esta solicitud
        </SubmitButton>
      </div>
    </article>
  );
}

function Photos({ request }: { request: OwnRequest }) {
  const [urls, setUrls] = useState<Record<number, string>>({});
  // A reload of the list gives new request objects: their photos are fetched again then.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      // One at a time: five thumbnails are small, and the order is the visitor's.
      for (const photo of request.photos) {
        const url = await photoUrl(request.reference, photo).catch(() => "");
        if (cancelled) return;
        if (url) setUrls((current) => ({ ...current, [photo.id]: url }));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [request]);
  if (!request.photos.length) {
    return <p className="mt-4 text-sm text-ink-soft">Sin fotos.</p>;
  }
  return (
    <ul className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Fotos de la solicitud">
      {request.photos.map((photo) => (
        <li key={photo.id}>
          {urls[photo.id] ? (
            <img
              src={urls[photo.id]}
              alt={photo.name}
              className="aspect-[4/3] w-full rounded object-cover"
            />
          ) : (
            <span className="block aspect-[4/3] w-full rounded bg-sand-100" />
          )}
        </li>
      ))}
    </ul>
  );
}

function AddPhotos({ reference, onAdded }: { reference: string; onAdded: () => void }) {
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const send = async () => {
    const chosen = Array.from(input.current?.files ?? []);
    const shrinking = canShrinkPhotos();
    const found = chosen.length ? photoProblems(chosen, shrinking) : [texts.noPhotoChosen];
    setProblems(found);
    if (found.length) return;
    setSending(true);
    try {
      const form = new FormData();
      for (const file of chosen) form.append("photos", await shrinkPhoto(file));
      void showSuccess(
        await api<{ title?: string; message?: string }>(
          "POST",
          `my-requests/${reference}/photos`,
          form,
        ),
      );
      if (input.current) input.current.value = "";
      onAdded();
    } catch {
      // api() has already shown the error dialog, each refused photo named (SPEC §8).
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="mt-4">
      <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
        Añadir fotos
      </label>
      <p className="text-sm text-ink-soft">
        Hasta {photoRules.maxFiles} en cada solicitud. {photoRules.hint}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={inputId}
          type="file"
          name="photos"
          accept="image/*"
          multiple
          aria-invalid={problems.length > 0}
          aria-describedby={problems.length ? errorId : undefined}
          className="max-w-full text-sm text-ink file:mr-3 file:min-h-11 file:rounded-md file:border file:border-ink/30 file:bg-white file:px-4 file:py-2 file:font-semibold file:text-ink"
        />
        <SubmitButton type="button" variant="secondary" pending={sending} onClick={send}>
          Enviar fotos
        </SubmitButton>
      </div>
      {problems.length ? (
        <ul id={errorId} role="alert" className="mt-2 text-sm text-terracotta-dark">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
