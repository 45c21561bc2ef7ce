// Form controls of the account screens, built on the field parts every form shares
// (components/form-field.tsx): the server's 422 messages next to their field, passwords with their
// show/hide toggle (SPEC §2), and a submit button that says what is happening while the request is
// in flight (SPEC §4). The admin form shares their look and the password toggle.
import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import { Form } from "react-router";
import { Field, FieldMessages, RequiredMark } from "~/components/form-field";
import type { FieldErrors } from "~/lib/account-forms";
import { accountLabels } from "../../../content/account-fields";

/**
 * The look of a control on the account and admin screens (`controlClass`). A password's sits in
 * its toggle's wrapper, which carries the top margin, so it takes `controlLook` alone.
 */
export const controlLook =
  "block w-full rounded-md border border-sand-300 bg-white px-3 py-2 text-ink shadow-sm placeholder:text-ink-soft/70 focus:border-ink focus:outline-2 focus:outline-focus aria-[invalid=true]:border-terracotta read-only:bg-sand-50";
export const controlClass = `mt-1 ${controlLook}`;

function RequiredNote() {
  return (
    <p className="text-sm text-ink-soft">
      Los campos marcados con <span className="text-terracotta-dark">*</span> son obligatorios.
    </p>
  );
}

interface FieldProps {
  label: string;
  name: string;
  type?: "text" | "email" | "password";
  required?: boolean;
  autoComplete?: string;
  defaultValue?: string;
  readOnly?: boolean;
  errors?: FieldErrors;
}

/** An account field through `Field`: a text or e-mail input, or a password with its toggle. */
export function TextField({ label, name, type = "text", required, errors, ...rest }: FieldProps) {
  return (
    <Field label={label} required={required} errors={errors?.[name]}>
      {(control) => {
        const input = { ...control, name, required, ...rest };
        return type === "password" ? (
          <PasswordInput {...input} className={controlLook} />
        ) : (
          <input {...input} type={type} className={controlClass} />
        );
      }}
    </Field>
  );
}

export function PasswordField(props: Omit<FieldProps, "type" | "defaultValue" | "readOnly">) {
  return <TextField {...props} type="password" />;
}

/** The account's e-mail: what the user signs in with (read-only on the reset screen). */
export function EmailField(props: Omit<FieldProps, "label" | "name" | "type">) {
  return (
    <TextField
      label={accountLabels.email}
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

/** A checkbox with its label after it: the terms on sign-up, a yes/no field of the admin form. */
export function CheckboxField({
  name,
  required,
  children,
  messages,
  ...input
}: {
  name: string;
  required?: boolean;
  children: ReactNode;
  messages?: string[];
} & Pick<InputHTMLAttributes<HTMLInputElement>, "checked" | "onChange">) {
  const id = useId();
  const invalid = messages?.length ? true : undefined;
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={id}
          name={name}
          type="checkbox"
          required={required}
          aria-invalid={invalid}
          aria-describedby={invalid && `${id}-error`}
          className="mt-1 size-4 accent-terracotta"
          {...input}
        />
        <label htmlFor={id} className="text-ink">
          {children}
          {required ? <RequiredMark /> : null}
        </label>
      </div>
      <FieldMessages id={`${id}-error`} messages={messages} />
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
    // Busy, not disabled, while pending (as the footer's form): a disabled button drops the
    // keyboard's focus to the page, and a screen reader's place with it. A click, or an Enter in
    // a field (which clicks the form's button), does nothing meanwhile.
    <button
      type={type}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
        else onClick?.();
      }}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus aria-disabled:cursor-wait aria-disabled:opacity-70 ${look}`}
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
interface PanelProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

export function AccountPanel({ title, intro, children }: PanelProps) {
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

/**
 * A screen's card while the link it was opened from is checked (its HydrateFallback): the
 * screen's title and what is being done, said to screen readers.
 */
export function AccountWaiting({ title, children }: { title: string; children: string }) {
  return (
    <AccountPanel title={title}>
      <p role="status" className="text-ink">
        {children}
      </p>
    </AccountPanel>
  );
}

/**
 * An account screen's form in its card: a `<Form method="post">` to the route's clientAction
 * (app/lib/account-forms.ts), the note on required fields first, then the screen's fields.
 */
export function AccountForm({ title, intro, children }: PanelProps) {
  return (
    <AccountPanel title={title} intro={intro}>
      {/* Marks the page as an account form: no phones' bottom bar over it (app.css). */}
      <Form method="post" className="space-y-4" data-no-action-bar>
        <RequiredNote />
        {children}
      </Form>
    </AccountPanel>
  );
}

/** A password input with its show/hide toggle (SPEC §2), for every form that asks for one. */
export function PasswordInput({
  className,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { id: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative mt-1">
      <input {...input} type={visible ? "text" : "password"} className={`${className} pr-24`} />
      <button
        type="button"
        aria-controls={input.id}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
        className="absolute inset-y-1 right-1 rounded px-3 text-sm font-medium text-ink-soft hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-focus"
      >
        {visible ? "Ocultar" : "Mostrar"}
        <span className="sr-only"> contraseña</span>
      </button>
    </div>
  );
}
