// The filter panel applies as staff change it (issue 37, decision 272): a list choice at once, a
// typed field (search, text, date) once typing pauses, Enter at once. The URL stays the view's
// only source: each change goes to the address that says it, and the list is drawn from there.
import { useCallback, useEffect, useRef } from "react";
import { useNavigate, useNavigationType } from "react-router";

/** How long typing must pause before the list follows it: a word, not every letter. */
export const TYPING_PAUSE_MS = 400;

const typedInputs = new Set(["search", "text", "date"]);

/** The form's choices as the address writes them: fields left empty stay out of it. */
function queryOf(form: HTMLFormElement): string {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form).entries()) {
    if (typeof value === "string" && value.trim() !== "") query.append(name, value);
  }
  return query.toString();
}

/**
 * The panel's handlers, and `formKey`: the form is drawn anew (its fields read from the address)
 * only when the address changes from elsewhere (a tab, «Quitar filtros», the back button), never
 * for a change the panel made itself, which would take the field staff are typing in from them.
 */
export function useLiveFilters(search: URLSearchParams) {
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const current = search.toString();
  const latest = useRef(current);
  latest.current = current;
  // The addresses the panel went to since the view last changed from elsewhere: a slow answer to
  // an earlier one may land after a later one was asked for, and is still the panel's own.
  const own = useRef(new Set<string>());
  // The last address the panel went to, and whether typing made it.
  const last = useRef<{ query: string; typed: boolean } | null>(null);
  const formKey = useRef(current);
  const seen = useRef(current);
  if (current !== seen.current) {
    seen.current = current;
    // Back and forward are staff's own way through the views: the fields follow them too.
    if (navigationType === "POP" || !own.current.has(current)) {
      formKey.current = current;
      own.current.clear();
      last.current = null;
    }
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A pause still pending when the address changed from elsewhere belongs to the old view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: forgetting it is the effect of the new view
  useEffect(() => clearTimeout(timer.current), [formKey.current]);

  const apply = useCallback(
    (form: HTMLFormElement, typed: boolean) => {
      clearTimeout(timer.current);
      const query = queryOf(form);
      if (query === latest.current) return;
      // Typing a word takes one step in the history, not one per pause: back undoes the search.
      const replace =
        typed && last.current?.typed === true && last.current.query === latest.current;
      last.current = { query, typed };
      own.current.add(query);
      navigate(query ? `?${query}` : "?", { replace, preventScrollReset: true });
    },
    [navigate],
  );

  const handlers = {
    onChange(event: React.FormEvent<HTMLFormElement>) {
      const field = event.target as HTMLInputElement | HTMLSelectElement;
      const form = event.currentTarget;
      if (field instanceof HTMLInputElement && typedInputs.has(field.type)) {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => apply(form, true), TYPING_PAUSE_MS);
      } else apply(form, false);
    },
    onKeyDown(event: React.KeyboardEvent<HTMLFormElement>) {
      if (event.key !== "Enter" || !(event.target instanceof HTMLInputElement)) return;
      event.preventDefault();
      apply(event.currentTarget, true);
    },
    onSubmit(event: React.FormEvent<HTMLFormElement>) {
      event.preventDefault();
      apply(event.currentTarget, false);
    },
  };
  return { formKey: formKey.current, handlers };
}
