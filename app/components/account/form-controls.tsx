// Form controls of the account screens: visible labels, the required mark, a show/hide toggle on
// passwords (SPEC §2), the server's 422 messages next to their field, and a submit button that
// says what is happening while the request is in flight (SPEC §4).
import { type ReactNode, useId, useState } from "react";

import type { FieldErrors } from "~/lib/account-forms";

const inputClass =
  "mt-1 block w-full rounded-md border border-sand-300 bg-white px-3 py-2 text-ink shadow-sm placeholder:text-ink-soft/70 focus:border-ink focus:outline-2 focus:outline-ochre aria-[invalid=true]:border-terracotta";

export function RequiredMark() {
  return (
    <span className="text-terracotta-dark" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

export function RequiredNote() {
  return (
    <p className="text-sm text-ink-soft">
      Los campos marcados con <span className="text-terracotta-dark">*</span> son obligatorios.
    </p>
  );
}

/** A field's visible label, with the required mark when it is required. */
function FieldLabel({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id} className="block font-medium text-ink">
      {label}
      {required ? <RequiredMark /> : null}
    </label>
  );
}

function FieldMessages({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-terracotta-dark">
      {messages.join(", ")}
    </p>
  );
}

interface FieldProps {
  label: string;
  name: string;
  type?: "text" | "email";
  required?: boolean;
  autoComplete?: string;
  defaultValue?: string;
  readOnly?: boolean;
  errors?: FieldErrors;
}

export function TextField({ label, name, type = "text", required, errors, ...rest }: FieldProps) {
  const id = useId();
  const messages = errors?.[name];
  return (
    <div>
      <FieldLabel id={id} label={label} required={required} />
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        aria-invalid={messages?.length ? true : undefined}
        aria-describedby={messages?.length ? `${id}-error` : undefined}
        className={`${inputClass} read-only:bg-sand-50`}
        {...rest}
      />
      <FieldMessages id={`${id}-error`} messages={messages} />
    </div>
  );
}

export function PasswordField({
  label,
  name,
  required,
  autoComplete,
  errors,
}: Omit<FieldProps, "type" | "defaultValue" | "readOnly">) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const messages = errors?.[name];
  return (
    <div>
      <FieldLabel id={id} label={label} required={required} />
      <div className="relative mt-1">
        <input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          required={required}
          autoComplete={autoComplete}
          aria-invalid={messages?.length ? true : undefined}
          aria-describedby={messages?.length ? `${id}-error` : undefined}
          className={`${inputClass.replace("mt-1 ", "")} pr-24`}
        />
        <button
          type="button"
          aria-controls={id}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
          className="absolute inset-y-1 right-1 rounded px-3 text-sm font-medium text-ink-soft hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-ochre"
        >
          {visible ? "Ocultar" : "Mostrar"}
          <span className="sr-only"> contraseña</span>
        </button>
      </div>
      <FieldMessages id={`${id}-error`} messages={messages} />
    </div>
  );
}

/** The account's e-mail: what the user signs in with (read-only on the reset screen). */
export function EmailField(props: Omit<FieldProps, "label" | "name" | "type">) {
  return (
    <TextField
      label="Correo electrónico"
      name="email"
      type="email"
      autoComplete="email"
      {...props}
    />
  );
}

/** A new password and its confirmation (sign-up and reset), both required. */
export function NewPasswordFields({ label, errors }: { label: string; errors?: FieldErrors }) {
  return (
    <>
      <PasswordField
        label={label}
        name="password"
        required
        autoComplete="new-password"
        errors={errors}
      />
      <PasswordField
        label="Confirmar contraseña"
        name="password_confirmation"
        required
        autoComplete="new-password"
        errors={errors}
      />
    </>
  );
}

export function CheckboxField({
  name,
  required,
  children,
  errors,
}: {
  name: string;
  required?: boolean;
  children: ReactNode;
  errors?: FieldErrors;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={id}
          name={name}
          type="checkbox"
          required={required}
          className="mt-1 size-4 accent-terracotta"
        />
        <label htmlFor={id} className="text-ink">
          {children}
          {required ? <RequiredMark /> : null}
        </label>
      </div>
      <FieldMessages id={`${id}-error`} messages={errors?.[name]} />
    </div>
  );
}

export function Spinner() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4 animate-spin motion-reduce:animate-none"
      fill="none"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export function SubmitButton({
  pending,
  children,
  pendingLabel = "Enviando...",
  type = "submit",
  onClick,
  variant = "primary",
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel?: string;
  type?: "submit" | "button";
  onClick?: () => void;
  variant?: "primary" | "secondary" | "danger";
}) {
  const look = {
    primary: "bg-terracotta text-white hover:bg-terracotta-dark",
    secondary: "border border-ink/30 text-ink hover:bg-sand-100",
    danger: "border border-terracotta text-terracotta-dark hover:bg-terracotta hover:text-white",
  }[variant];
  return (
    <button
      type={type}
      disabled={pending}
      onClick={onClick}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ochre disabled:cursor-wait disabled:opacity-70 ${look}`}
    >
      {pending ? (
        <>
          <Spinner />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** The card every account screen sits in. */
export function AccountPanel({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="font-display text-3xl font-semibold text-ink">{title}</h1>
        {intro ? <div className="mt-2 text-ink-soft">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
