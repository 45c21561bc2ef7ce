// The second factor on the staff member's security screen (decision 220). Off: what it is and
// «Activar»; then the QR code (drawn by the server, shown as an image: no QR library loads
// here), the key to type by hand, and the first code. On: how many recovery codes are left,
// new ones for a code, and removal while the role does not require it. The recovery codes are
// shown once, right after they are made.
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { ActionData, Enrolment, SecondFactorState } from "~/admin/lib/security";
import { controlClass, SubmitButton } from "~/components/account/form-controls";
import { Field } from "~/components/form-field";

const longDate = new Intl.DateTimeFormat("es-ES", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "15 de enero de 2027" for the setting's YYYY-MM-DD. */
const dayOf = (day: string) => longDate.format(new Date(`${day}T00:00:00Z`));

export function SecondFactorPanel({
  state,
  enrolment,
  answer,
}: {
  state: SecondFactorState;
  enrolment: Enrolment | null;
  answer: ActionData | undefined;
}) {
  const codes = answer && "recoveryCodes" in answer ? answer.recoveryCodes : null;
  const errorsFor = (intent: string) =>
    answer && "errors" in answer && answer.intent === intent ? answer.errors : undefined;
  return (
    <section aria-labelledby="dos-pasos" className="rounded-xl border border-sand-200 bg-white p-6">
      <h2 id="dos-pasos" className="font-display text-2xl font-semibold text-ink">
        Verificación en dos pasos
      </h2>
      {codes ? (
        <RecoveryCodes codes={codes} />
      ) : state.enabled ? (
        <Enabled state={state} errorsFor={errorsFor} />
      ) : enrolment ? (
        <Confirm enrolment={enrolment} errors={errorsFor("confirm")} />
      ) : (
        <Offer state={state} />
      )}
    </section>
  );
}

function Offer({ state }: { state: SecondFactorState }) {
  const busy = useNavigation().formData?.get("intent") === "setup";
  return (
    <div className="mt-3 space-y-4 text-ink">
      {state.required ? (
        <p role="alert" className="rounded-md bg-terracotta/10 p-3 font-medium">
          Desde el {dayOf(state.required_from ?? "")} tu cuenta necesita la verificación en dos
          pasos para entrar en la administración. Actívala ahora: son dos minutos.
        </p>
      ) : state.required_from ? (
        <p>Será obligatoria para tu cuenta desde el {dayOf(state.required_from)}.</p>
      ) : null}
      <p>
        Además de la contraseña, al entrar te pediremos un código de 6 cifras de una aplicación de
        autenticación de tu móvil (Google Authenticator, Microsoft Authenticator, 1Password…). Así,
        quien averigüe tu contraseña no puede entrar sin tu móvil.
      </p>
      <Form method="post" replace>
        <input type="hidden" name="intent" value="setup" />
        <SubmitButton pending={busy} pendingLabel="Preparando...">
          Activar la verificación en dos pasos
        </SubmitButton>
      </Form>
    </div>
  );
}

function Confirm({
  enrolment,
  errors,
}: {
  enrolment: Enrolment;
  errors?: Record<string, string[]>;
}) {
  const busy = useNavigation().formData?.get("intent") === "confirm";
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(" ") ?? enrolment.secret;
  return (
    <div className="mt-3 space-y-4 text-ink">
      <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold">
        1. Añade tu cuenta a la aplicación
      </h3>
      <p>Escanea este código QR con la aplicación de autenticación de tu móvil.</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
        alt="Código QR para añadir tu cuenta de Obra Mediterránea a tu aplicación de autenticación"
        width={220}
        height={220}
        className="rounded-md border border-sand-200"
      />
      <p>
        ¿No puedes escanearlo? Escribe en la aplicación esta clave:{" "}
        <code
          data-testid="totp-secret"
          className="break-all rounded bg-sand-100 px-2 py-1 font-mono"
        >
          {grouped}
        </code>
      </p>
      <h3 className="text-lg font-semibold">2. Escribe el código que te muestra</h3>
      <Form method="post" replace className="space-y-3">
        <input type="hidden" name="intent" value="confirm" />
        <Field label="Código de 6 cifras" required errors={errors?.code}>
          {(control) => (
            <input
              {...control}
              name="code"
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={10}
              className={`${controlClass} max-w-48 font-mono tracking-widest`}
            />
          )}
        </Field>
        <SubmitButton pending={busy} pendingLabel="Comprobando...">
          Comprobar y activar
        </SubmitButton>
      </Form>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mt-3 space-y-4 text-ink">
      <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold">
        Tus códigos de recuperación
      </h3>
      <p>
        Guárdalos ahora en un lugar seguro (un gestor de contraseñas, o impresos): no volverás a
        verlos. Si no tienes el móvil a mano, cada uno te deja entrar una sola vez.
      </p>
      <ul aria-label="Códigos de recuperación" className="grid gap-2 font-mono sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded bg-sand-100 px-3 py-2">
            {code}
          </li>
        ))}
      </ul>
      <a
        href="/admin/seguridad"
        className="inline-block font-medium text-terracotta-dark underline"
      >
        Ya los he guardado
      </a>
    </div>
  );
}

function Enabled({
  state,
  errorsFor,
}: {
  state: SecondFactorState;
  errorsFor: (intent: string) => Record<string, string[]> | undefined;
}) {
  const intent = useNavigation().formData?.get("intent");
  const removable = !(state.required_from && state.required_from <= today());
  return (
    <div className="mt-3 space-y-6 text-ink">
      <p role="status">
        <strong>Activada.</strong> Te quedan {state.recovery_codes_left} de 10 códigos de
        recuperación.
      </p>
      <CodeForm
        intent="codes"
        legend="Crear códigos de recuperación nuevos"
        hint="Los anteriores dejarán de servir. Escribe el código de 6 cifras de tu aplicación."
        button="Crear códigos nuevos"
        busy={intent === "codes"}
        errors={errorsFor("codes")}
      />
      {removable ? (
        <CodeForm
          intent="disable"
          legend="Desactivar la verificación en dos pasos"
          hint="Escribe un código de tu aplicación o uno de recuperación."
          button="Desactivar"
          busy={intent === "disable"}
          errors={errorsFor("disable")}
        />
      ) : (
        <p className="text-sm text-ink-soft">
          Tu rol la necesita, así que no se puede desactivar. Si cambias de móvil, pide a quien
          administra el servidor que la restablezca y vuelve a activarla.
        </p>
      )}
    </div>
  );
}

/** Today on the browser's calendar, YYYY-MM-DD: only to decide whether to offer removal. */
const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "Europe/Madrid" });

function CodeForm(props: {
  intent: string;
  legend: string;
  hint: string;
  button: string;
  busy: boolean;
  errors?: Record<string, string[]>;
}) {
  return (
    <Form method="post" replace>
      <fieldset className="space-y-3">
        <legend className="font-semibold">{props.legend}</legend>
        <input type="hidden" name="intent" value={props.intent} />
        <Field label="Código" required hint={props.hint} errors={props.errors?.code}>
          {(control) => (
            <input
              {...control}
              name="code"
              required
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={64}
              className={`${controlClass} max-w-64 font-mono`}
            />
          )}
        </Field>
        <SubmitButton
          pending={props.busy}
          pendingLabel="Enviando..."
          variant={props.intent === "disable" ? "danger" : "secondary"}
        >
          {props.button}
        </SubmitButton>
      </fieldset>
    </Form>
  );
}
