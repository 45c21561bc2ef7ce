// The request one step at a time (issue 36; decision 265). Before the script runs every step is
// shown, one plain form that the browser sends by itself; once it runs, one step at a time.
import { type RefObject, useEffect, useRef, useState } from "react";
import { quoteSteps } from "../../content/quote-steps";
import type { QuoteForm } from "./form-values";
import { stepProblems } from "./step-checks";
import { reportFunnelStep } from "./use-funnel-step";

interface StepsOf {
  form: RefObject<HTMLFormElement | null>;
  values: QuoteForm;
  /** Where the visitor starts: past the service when a service page chose it. */
  start: number;
  /** Shows the messages that stop a step beside their fields. */
  refuse: (problems: Record<string, string[]>) => void;
}

/** The step shown, the moves between steps, and what focus does on each move. */
export function useSteps({ form, values, start, refuse }: StepsOf) {
  const [stepped, setStepped] = useState(false);
  const [at, setAt] = useState(start);
  // What gets focus once a move is drawn: the new step's heading, or the first field to mend.
  // A new object each time, so that asking twice for the same focus still moves it.
  const [focus, setFocus] = useState<{ to: "heading" | "invalid" }>();
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const reported = useRef(new Set<number>());
  const last = quoteSteps.length - 1;

  useEffect(() => setStepped(true), []);
  // Each step counted once per visit as it is shown (decision 264).
  useEffect(() => {
    if (!stepped || reported.current.has(at)) return;
    reported.current.add(at);
    reportFunnelStep(values.service, quoteSteps[at]?.value ?? "job");
  }, [stepped, at, values.service]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when focus is asked for; `at` is then the step just drawn
  useEffect(() => {
    if (focus?.to === "heading") headings.current[at]?.focus();
    if (focus?.to === "invalid")
      form.current?.querySelector<HTMLElement>("section:not([hidden]) [aria-invalid]")?.focus();
  }, [focus]);

  const go = (index: number) => {
    setAt(Math.max(0, Math.min(last, index)));
    setFocus({ to: "heading" });
  };
  /** False, with the messages shown and the first field focused, if the step cannot be left. */
  const passes = (index: number) => {
    const step = quoteSteps[index];
    const problems = step ? stepProblems(step.value, values) : {};
    if (!Object.keys(problems).length) return true;
    refuse(problems);
    setFocus({ to: "invalid" });
    return false;
  };

  return {
    /** Whether the form goes one step at a time (its script runs). */
    stepped,
    at,
    last,
    headings,
    /** Whether the step at `index` is out of sight. */
    hides: (index: number) => stepped && index !== at,
    next: () => passes(at) && go(at + 1),
    back: () => go(at - 1),
    /** The last step passes (each before it did, to be left). */
    ready: () => passes(at),
    /** Back to the first step, with no focus moved (the thanks have it). */
    restart: () => setAt(0),
    /** To the first step, its heading focused: the form was emptied. */
    first: () => go(0),
    /**
     * Fields were refused: the first step holding one is shown, and its first marked field
     * focused now if `focusNow`, else by whoever closes the dialog that listed them.
     */
    showRefused(fields: string[], focusNow = false) {
      const index = quoteSteps.findIndex((step) =>
        (step.fields as readonly string[]).some((field) => fields.includes(field)),
      );
      if (!stepped || index < 0) return;
      setAt(index);
      if (focusNow) setFocus({ to: "invalid" });
    },
  };
}

export type Steps = ReturnType<typeof useSteps>;
