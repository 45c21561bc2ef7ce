// Newsletter sign-up (SPEC §4, §5): a free-text e-mail posted to /api/subscriptions. On success
// the field is cleared and the visitor goes to /#suscription; failures are silent (SPEC §8).
// The consent text beside the field is sent by version and stored as proof (decision 101).
import { type FormEvent, useId, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { api } from "~/lib/api";
import { consentVersions, currentConsentVersion } from "../../content/newsletter";

export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [thanks, setThanks] = useState("");
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const inputId = useId();
  const hintId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setThanks("");
    try {
      const answer = await api<{ title?: string; message?: string }>(
        "POST",
        "subscriptions",
        { email, consent_version: currentConsentVersion, page: pathname },
        { silent: true },
      );
      setEmail("");
      setThanks(answer?.message || "Te hemos enviado un correo para confirmar la suscripción.");
      navigate("/#suscription");
    } catch {
      // SPEC §8: newsletter failures are swallowed; what was typed stays in the field.
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={inputId} className="block font-medium text-plaster">
        Tu correo electrónico
      </label>
      <p id={hintId} className="text-sm text-sand-200">
        {consentVersions[currentConsentVersion]}{" "}
        <Link to="/privacy-and-politics" className="underline hover:text-plaster">
          Cómo tratamos tus datos
        </Link>
        .
      </p>
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col">
        <input
          id={inputId}
          name="email"
          type="text"
          inputMode="email"
          autoComplete="email"
          aria-describedby={hintId}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-sand-300 bg-plaster px-3 text-ink placeholder:text-ink-soft"
          placeholder="nombre@correo.es"
        />
        <button
          type="submit"
          disabled={sending}
          className="min-h-11 rounded-md bg-terracotta px-4 font-semibold text-white hover:bg-terracotta-dark disabled:opacity-70"
        >
          {sending ? "Enviando..." : "Suscribirme"}
        </button>
      </div>
      <p role="status" className="text-sm font-medium text-sand-100">
        {thanks}
      </p>
    </form>
  );
}
