// The job: the services as large choices, grouped by area (issue 36). Radio buttons, so the
// keyboard (arrows within a group) and screen readers know them, and the form sends the choice
// without its script.
import { useId } from "react";
import { FieldMessages, revealWholeControl } from "~/components/form-field";
import type { Choice } from "../../content/quote-request";
import { service } from "./fields";

export function ServiceChoice({
  groups,
  value,
  onChange,
  errors,
}: {
  groups: readonly { label: string; choices: readonly Choice[] }[];
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
}) {
  const errorId = useId();
  const invalid = errors?.length ? true : undefined;
  return (
    <fieldset aria-describedby={invalid && errorId}>
      <legend className="sr-only">{service.label}</legend>
      {groups.map((group) => (
        <fieldset key={group.label} className="mt-4 first:mt-0">
          <legend className="font-semibold text-ink">{group.label}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {group.choices.map((choice) => (
              <label key={choice.value} className={choiceTile}>
                <input
                  type="radio"
                  name={service.name}
                  value={choice.value}
                  checked={value === choice.value}
                  onChange={() => onChange(choice.value)}
                  onFocus={revealWholeControl}
                  aria-invalid={invalid}
                  aria-describedby={invalid && errorId}
                  className="size-5 shrink-0 accent-terracotta focus:outline-none"
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <FieldMessages id={errorId} messages={errors} />
    </fieldset>
  );
}

/** A large tappable choice: its box, marked when chosen and when focused from the keyboard. */
export const choiceTile =
  "flex min-h-12 cursor-pointer items-center gap-3 rounded-md border border-ink/30 bg-white px-4 py-3 hover:bg-sand-50 has-checked:border-terracotta has-checked:bg-sand-50 has-checked:font-semibold has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink";
