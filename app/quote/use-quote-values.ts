// What the quote form holds and what the server refused of it: every control binds here.
import { useState } from "react";
import type { Choice } from "../../content/quote-request";
import { empty, type QuoteForm, withService } from "./form-values";

/** The form's values, the server's messages per field, and what binds a control to a field. */
export function useQuoteValues(chosen: Choice | undefined) {
  const [values, setValues] = useState(() => withService(empty, chosen));
  // The server's messages per field from the last refusal; a field's go once it is changed.
  const [refused, setRefused] = useState<Record<string, string[]>>({});
  const change = (field: keyof QuoteForm) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // The one «Teléfono o correo» shows the server's words on e-mail and phone (decision 266).
    const mended = field === "reach" ? [field, "email", "phone"] : [field];
    if (mended.some((name) => refused[name]))
      setRefused((current) =>
        Object.fromEntries(Object.entries(current).filter(([name]) => !mended.includes(name))),
      );
  };
  /** The props every control of the form shares. */
  const bind = (field: keyof QuoteForm) => ({
    name: field,
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      change(field)(event.currentTarget.value),
  });
  return {
    values,
    setValues,
    refused,
    setRefused,
    change,
    /** What every field drawn by its own part shares: its value and its refusal. */
    fieldState: { bind, errors: refused },
  };
}
