// How the visitor is reached. Once the script runs (decision 266): one «Teléfono o correo», sent
// as the one it is, and the consent. Before it, SPEC §3's e-mail, phone and subject as typed.
import { useId } from "react";
import { FieldMessages, revealWholeControl } from "~/components/form-field";
import { reachableLegend } from "../../content/quote-request";
import { reachField } from "../../content/quote-steps";
import { type FieldState, inputClass, QuoteField, WrittenField } from "./fields";

/** The e-mail and phone refusals, said on the one field that holds either. */
const reachErrors = (errors: FieldState["errors"]) => [
  ...new Set([...(errors.reach ?? []), ...(errors.email ?? []), ...(errors.phone ?? [])]),
];

export function ContactWays({ stepped, ...fieldState }: FieldState & { stepped: boolean }) {
  const hintId = useId();
  if (stepped) {
    return (
      <QuoteField
        label={reachField.label}
        errors={reachErrors(fieldState.errors)}
        required
        hint={reachField.hint}
        className="sm:col-span-2"
      >
        {(control) => (
          <input
            {...control}
            type="text"
            required
            autoComplete="tel"
            maxLength={254}
            {...fieldState.bind("reach")}
            className={inputClass}
          />
        )}
      </QuoteField>
    );
  }
  return (
    <>
      {/* One of the two is needed: neither is «opcional»; the group says so once. */}
      <fieldset className="grid gap-6 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-1 font-medium text-ink">{reachableLegend}</legend>
        <p id={hintId} className="text-sm text-ink-soft sm:col-span-2">
          Déjanos al menos un correo electrónico o un teléfono para poder responderte.
        </p>
        <WrittenField
          name="email"
          {...fieldState}
          hint="Para enviarte el presupuesto por escrito."
          describedBy={hintId}
          markOptional={false}
        />
        <WrittenField
          name="phone"
          {...fieldState}
          hint="Si prefieres que te llamemos."
          describedBy={hintId}
          markOptional={false}
        />
      </fieldset>
      <WrittenField
        name="subject"
        {...fieldState}
        required
        hint="Por ejemplo: reforma de cocina en Valencia."
        className="sm:col-span-2"
      />
    </>
  );
}

/** The consent to use the data for this request, asked last, before «Enviar». */
export function ConsentBox({
  checked,
  onChange,
  errors,
}: {
  checked: boolean;
  onChange: (value: string) => void;
  errors?: string[];
}) {
  const errorId = useId();
  const invalid = errors?.length ? true : undefined;
  return (
    <div className="sm:col-span-2">
      <label className="flex min-h-11 cursor-pointer items-start gap-3 py-1">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked ? "si" : "")}
          onFocus={revealWholeControl}
          required
          aria-invalid={invalid}
          aria-describedby={invalid && errorId}
          className="mt-0.5 size-5 shrink-0 accent-terracotta"
        />
        <span>{reachField.consent}</span>
      </label>
      <FieldMessages id={errorId} messages={errors} />
    </div>
  );
}
