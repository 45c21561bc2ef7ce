// The chosen service's own question (content/service-questions.ts; decision 265), as large
// choices; the answers are kept in `job_answers` as `question:choice|choice`.
import { useId } from "react";
import { FieldMessages, revealWholeControl } from "~/components/form-field";
import type { ServiceQuestion } from "../../content/service-questions";
import { choiceTile } from "./service-choice";

export function JobQuestion({
  question,
  value,
  onChange,
  errors,
}: {
  question: ServiceQuestion;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
}) {
  const errorId = useId();
  // Parsed here rather than with the content's helper, which would bring every service's
  // questions into the page's script (they come from the loader).
  const [name, kept = ""] = value.split(":");
  const chosen = name === question.name ? kept.split("|").filter(Boolean) : [];
  const toggle = (choice: string) => {
    const next = chosen.includes(choice) ? chosen.filter((c) => c !== choice) : [...chosen, choice];
    onChange(next.length ? `${question.name}:${next.join("|")}` : "");
  };
  const invalid = errors?.length ? true : undefined;
  return (
    <fieldset className="sm:col-span-2" aria-describedby={invalid && errorId}>
      <legend className="font-medium text-ink">
        {question.label} <span className="text-sm font-normal text-ink-soft">(opcional)</span>
      </legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {question.choices.map((choice) => (
          <label key={choice.value} className={choiceTile}>
            <input
              type="checkbox"
              checked={chosen.includes(choice.value)}
              onChange={() => toggle(choice.value)}
              onFocus={revealWholeControl}
              aria-invalid={invalid}
              className="size-5 shrink-0 accent-terracotta focus:outline-none"
            />
            {choice.label}
          </label>
        ))}
      </div>
      <FieldMessages id={errorId} messages={errors} />
    </fieldset>
  );
}
