// A create or edit form drawn from the API's parameter_details (SPEC §3): one control per field
// type. No client checks (SPEC §5: the server decides); on success back to the list.
// Failures show no dialog (SPEC §8) and are logged; the form keeps what was typed and shows
// the server's messages next to each field (docs/decisions/052-dialogs-and-error-catalogue.md).
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useActionData, useNavigation, useSubmit } from "react-router";
import type { loadAdminForm, SaveRefusal } from "~/admin/lib/actions";
import { listPath } from "~/admin/lib/list-memory";
import { type AdminForm, type FieldDetail, toPayload } from "~/admin/lib/records";
import {
  CheckboxField,
  controlClass,
  controlLook,
  PasswordInput,
  SubmitButton,
} from "~/components/account/form-controls";
import { Field, FieldMessages } from "~/components/form-field";
import { sectionTitle } from "~/lib/auth";
import { ProjectPhotosField, SitePhotoField } from "./site-photo-fields";

type Values = Record<string, unknown>;

/** The value a control starts with, in the control's own terms (strings, booleans, lists). */
function initialValue(detail: FieldDetail): unknown {
  const { type, value } = detail;
  if (type === "checkbox") return Boolean(value);
  if (type === "multi-selector") return Array.isArray(value) ? value.map(String) : [];
  if (type === "photos") return Array.isArray(value) ? value : [];
  // A photo's id as the API takes it, a number: a member edited with its photo kept was a 422.
  if (type === "photo") return typeof value === "number" ? value : "";
  return value === null || value === undefined ? "" : String(value);
}

export function ResourceForm({
  resource,
  form,
  editing,
  aside,
}: {
  resource: string;
  form: AdminForm;
  /** Editing a record (its id travels in a hidden field); creating otherwise. */
  editing: boolean;
  /** Drawn beside the form from what is typed (a campaign's live preview, decision 259). */
  aside?: (values: Record<string, unknown>) => ReactNode;
}) {
  const details = form.parameter_details;
  const readOnly = new Set(form.read_only ?? []);
  const submit = useSubmit();
  const navigation = useNavigation();
  const refused = useActionData() as SaveRefusal | undefined;
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = (!saving && refused?.errors) || {};
  // A save asked for while a photo is still uploading: it would be saved without it.
  const [waitForUpload, setWaitForUpload] = useState("");
  const failure = waitForUpload || (!saving && refused?.message) || "";
  // A refused save takes the keyboard to the first field to fix, as the quote form does
  // (app/routes/contact.tsx): otherwise focus stays on «Crear», below every message. No dialog
  // to wait for here (SPEC §8: admin failures show none). Once per answer, after it is drawn.
  const formElement = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (saving || !refused?.errors || !Object.keys(refused.errors).length) return;
    formElement.current
      ?.querySelector<HTMLElement>("[aria-invalid], fieldset[aria-describedby] input")
      ?.focus();
  }, [refused, saving]);
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(
      Object.entries(details).map(([field, detail]) => [field, initialValue(detail)]),
    ),
  );

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (formElement.current?.querySelector("[data-uploading]")) {
      setWaitForUpload("Espera a que termine de subirse la foto antes de guardar.");
      return;
    }
    setWaitForUpload("");
    // Sent as JSON, each value converted to its field's type (SPEC §3: numbers as numbers),
    // with the version the form was loaded with, so a colleague's change is never undone.
    const payload: Record<string, unknown> = {
      ...toPayload(details, values),
      version: form.version,
    };
    submit(payload as Record<string, never>, {
      method: "post",
      encType: "application/json",
    });
  };

  const set = (field: string, value: unknown) => setValues((old) => ({ ...old, [field]: value }));

  const drawn = (
    <Form
      ref={formElement}
      method="post"
      onSubmit={save}
      noValidate
      className="mt-6 max-w-2xl space-y-5"
    >
      {Object.entries(details).map(([field, detail]) =>
        detail.type === "hidden" ? (
          // SPEC §3: the record's id travels with the form but is never editable.
          editing ? (
            <input
              key={field}
              type="hidden"
              name={field}
              value={String(values[field] ?? "")}
              disabled
            />
          ) : null
        ) : (
          <FieldControl
            key={field}
            field={field}
            detail={detail}
            value={values[field]}
            messages={errors[field]}
            readOnly={readOnly.has(field)}
            onChange={(value) => set(field, value)}
          />
        ),
      )}
      <div role="alert" className="min-h-6 text-terracotta-dark">
        {failure}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={saving} pendingLabel="Guardando...">
          {editing ? "Guardar cambios" : "Crear"}
        </SubmitButton>
        <Link
          to={listPath(resource)}
          className="rounded-md px-4 py-2 font-medium text-ink underline hover:bg-sand-100"
        >
          Cancelar
        </Link>
      </div>
    </Form>
  );
  if (!aside) return drawn;
  return (
    <div className="grid gap-8 xl:grid-cols-2">
      {drawn}
      <div className="xl:mt-6">{aside(values)}</div>
    </div>
  );
}

function FieldControl({
  field,
  detail,
  value,
  messages,
  readOnly,
  onChange,
}: {
  field: string;
  detail: FieldDetail;
  value: unknown;
  messages?: string[];
  /** A visitor's own words: shown, never changed by staff (issue 13). */
  readOnly?: boolean;
  onChange: (value: unknown) => void;
}) {
  const id = useId();
  const options = detail.selector ?? [];

  // Additions (decision 249): the site's photos, uploaded as they are chosen.
  if (detail.type === "photos") {
    return (
      <ProjectPhotosField
        title={detail.title}
        value={value}
        messages={messages}
        onChange={onChange}
      />
    );
  }
  if (detail.type === "photo") {
    return (
      <SitePhotoField title={detail.title} value={value} messages={messages} onChange={onChange} />
    );
  }

  if (detail.type === "checkbox") {
    return (
      <CheckboxField
        name={field}
        checked={Boolean(value)}
        onChange={(event) => onChange(event.target.checked)}
        messages={messages}
      >
        <span className="font-medium">{detail.title}</span>
      </CheckboxField>
    );
  }

  if (detail.type === "multi-selector") {
    const chosen = Array.isArray(value) ? (value as string[]) : [];
    return (
      <fieldset aria-describedby={messages?.length ? `${id}-error` : undefined}>
        <legend className="font-medium text-ink">{detail.title}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {options.map((option) => {
            const key = String(option.id);
            return (
              <label key={key} className="flex items-center gap-2 text-ink">
                <input
                  type="checkbox"
                  name={field}
                  value={key}
                  checked={chosen.includes(key)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? [...chosen, key]
                        : chosen.filter((item) => item !== key),
                    )
                  }
                  className="size-4 accent-terracotta"
                />
                {option.title}
              </label>
            );
          })}
        </div>
        <FieldMessages id={`${id}-error`} messages={messages} />
      </fieldset>
    );
  }

  const text = String(value ?? "");
  return (
    <Field label={detail.title} errors={messages}>
      {(control) => {
        const common = { ...control, name: field, readOnly, className: controlClass };
        if (detail.type === "selector") {
          return (
            <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
              <option value="">Selecciona una opción</option>
              {options.map((option) => (
                <option key={String(option.id)} value={String(option.id)}>
                  {option.title}
                </option>
              ))}
            </select>
          );
        }
        if (detail.type === "textarea") {
          return (
            <textarea
              {...common}
              rows={5}
              value={text}
              onChange={(e) => onChange(e.target.value)}
            />
          );
        }
        if (detail.type === "text" && /password/i.test(field)) {
          // Passwords arrive as text fields; they still get the show/hide toggle of every password.
          return (
            <PasswordInput
              {...common}
              className={controlLook}
              autoComplete="new-password"
              value={text}
              onChange={(e) => onChange(e.target.value)}
            />
          );
        }
        const numeric = detail.type === "number" || detail.type === "decimal";
        return (
          <input
            {...common}
            type={numeric ? "number" : detail.type === "email" ? "email" : "text"}
            step={detail.type === "decimal" ? "0.01" : numeric ? "1" : undefined}
            inputMode={
              detail.type === "decimal"
                ? "decimal"
                : detail.type === "number"
                  ? "numeric"
                  : undefined
            }
            value={text}
            onChange={(e) => onChange(e.target.value)}
          />
        );
      }}
    </Field>
  );
}

/** The first paint of a form screen, before its fields are loaded (SPEC §9's text). */
export function AdminFormLoading() {
  return (
    <p lang="en" className="mx-auto w-full max-w-7xl px-4 py-10 text-ink-soft">
      Loading...
    </p>
  );
}

/**
 * The create and update screens: the section's name, the heading, the form loaded by the route's
 * clientLoader (or why it is missing), then what the screen adds below it.
 */
export function AdminFormScreen({
  resource,
  heading,
  loaded,
  id,
  aside,
  children,
}: {
  resource: string;
  heading: ReactNode;
  loaded: Awaited<ReturnType<typeof loadAdminForm>>;
  /** The record's id on the update screen (its form is a new one for each record). */
  id?: string;
  /** Drawn beside the form from what is typed (`ResourceForm`'s). */
  aside?: (values: Record<string, unknown>) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-14">
      <p className="text-ink-soft">{sectionTitle(resource)}</p>
      <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">{heading}</h1>
      {"form" in loaded ? (
        <ResourceForm
          key={id === undefined ? resource : `${resource}/${id}`}
          resource={resource}
          form={loaded.form}
          editing={id !== undefined}
          aside={aside}
        />
      ) : (
        <FormLoadFailed resource={resource} message={loaded.message} />
      )}
      {/* What belongs to a record (a lead's photos) only beside its form: without one, there is
        no record to show it of. */}
      {"form" in loaded ? children : null}
    </div>
  );
}

function FormLoadFailed({ resource, message }: { resource: string; message?: string }) {
  return (
    <p role="alert" className="mt-6 text-terracotta-dark">
      {message ?? "No se ha podido cargar el formulario."}{" "}
      <Link to={listPath(resource)} className="font-medium underline">
        Volver a la lista
      </Link>
    </p>
  );
}
