/**
 * A request's answers to its service's own question (content/service-questions.ts; decision
 * 265), kept in its `job_answers` detail as `question:choice|choice`. Apart from the questions
 * themselves, so the quote form reads its answers without carrying every service's question
 * (it gets the chosen one from its loader).
 */
import type { Choice } from "./quote-request";

export interface ServiceQuestion {
  name: string;
  label: string;
  choices: readonly Choice[];
}

/** A request's answers as kept: `question:choice|choice`, the question's name first. */
export function answersOf(kept: string): { question: string; choices: string[] } | undefined {
  const [question, choices] = kept.split(":");
  if (!question || !choices) return undefined;
  return { question, choices: choices.split("|").filter(Boolean) };
}

/** The answers to `asked` as people read them: «¿Qué cambia en la cocina? Muebles, Encimera». */
export function answersRead(kept: string, asked: ServiceQuestion | undefined): string {
  const answers = answersOf(kept);
  if (!asked || !answers) return kept;
  const labels = answers.choices.map((v) => asked.choices.find((c) => c.value === v)?.label ?? v);
  return `${asked.label} ${labels.join(", ")}`;
}
