// Reply templates (decision 258): what staff often write to a lead, with `{nombre}` and
// `{referencia}` filled in for the lead the reply form is open on. A template is plain text as a
// reply is: it is filled in before the form shows it, then sent, escaped, like any reply.
import { asc } from "drizzle-orm";
import { replyLimits } from "../../content/lead-reply.ts";
import type { Database } from "../db/client.ts";
import { replyTemplates } from "../db/schema.ts";

/** What a lead gives a template, by placeholder. */
export const placeholders = {
  nombre: "el nombre del cliente",
  referencia: "la referencia de su solicitud",
} as const;

type Placeholder = keyof typeof placeholders;

/** `{word}`: a placeholder, known or not (a brace with spaces inside is ordinary text). */
const placeholder = /\{([^{}\s]{1,40})\}/g;

const known = (name: string): name is Placeholder => Object.hasOwn(placeholders, name);

/** The placeholders `text` uses that nothing fills in, each once, in order. */
export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(placeholder)].map((match) => match[1] as string);
  return [...new Set(names.filter((name) => !known(name)))];
}

/** The Spanish refusal of a template that uses placeholders nothing fills in. */
export function unknownPlaceholderMessage(names: readonly string[]): string {
  const list = names.map((name) => `{${name}}`).join(", ");
  const usable = Object.keys(placeholders)
    .map((name) => `{${name}}`)
    .join(" y ");
  return names.length === 1
    ? `La plantilla usa ${list}, que no se puede rellenar: solo se rellenan ${usable}.`
    : `La plantilla usa ${list}, que no se pueden rellenar: solo se rellenan ${usable}.`;
}

/** `text` with the lead's values in place of its placeholders. */
export function fillTemplate(text: string, values: Record<Placeholder, string>): string {
  return text.replace(placeholder, (whole, name: string) => (known(name) ? values[name] : whole));
}

/** A template as the reply form offers it: filled in for one lead, cut at the form's limits. */
export interface FilledTemplate {
  id: number;
  title: string;
  /** Null: the form keeps its own subject. */
  subject: string | null;
  message: string;
}

/** Every template, by title, filled in for the lead `values` describe. */
export async function filledTemplates(
  db: Database,
  values: Record<Placeholder, string>,
): Promise<FilledTemplate[]> {
  const rows = await db.select().from(replyTemplates).orderBy(asc(replyTemplates.title));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    subject: row.subject ? fillTemplate(row.subject, values).slice(0, replyLimits.subject) : null,
    message: fillTemplate(row.body, values).slice(0, replyLimits.message),
  }));
}
