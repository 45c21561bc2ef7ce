// What the browser checks before leaving a step (decision 265): what the server would refuse for
// being missing, said in the server's words, so the visitor mends it where it was asked.
import { type QuoteStep, stepWords } from "../../content/quote-steps";
import type { QuoteForm } from "./form-values";

const missing = (value: string) => value.trim() === "";

/** The messages per field that stop `step`; none when it may be left. */
export function stepProblems(step: QuoteStep, values: QuoteForm): Record<string, string[]> {
  const { required } = stepWords;
  const problems: Record<string, string[]> = {};
  if (step === "job" && missing(values.service)) problems.service = [required.service];
  if (step === "contact") {
    if (missing(values.name)) problems.name = [required.name];
    if (missing(values.reach)) problems.reach = [required.reach];
    if (!values.consent) problems.consent = [required.consent];
  }
  return problems;
}
