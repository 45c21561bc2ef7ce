import { replyLimits } from "../../../content/lead-reply.ts";
import { replyTemplates } from "../../db/schema.ts";
import { type Field, text, textarea } from "../../fields.ts";
import { unknownPlaceholderMessage, unknownPlaceholders } from "../../leads/reply-templates.ts";
import { defineResource } from "../resource.ts";

/** A field whose placeholders must be ones a lead fills in: any other is a Spanish 422. */
function placeholdersChecked<T>(field: Field<T>): Field<T> {
  return {
    ...field,
    input: field.input.superRefine((value, context) => {
      const unknown = typeof value === "string" ? unknownPlaceholders(value) : [];
      if (unknown.length) {
        context.addIssue({ code: "custom", message: unknownPlaceholderMessage(unknown) });
      }
    }),
  };
}

/**
 * Reply templates (decision 258): what staff often write to a lead, kept here and chosen in a
 * lead's reply form, where {nombre} and {referencia} are filled in. The generic admin writes
 * them, audits each change and keeps them for those with the section's permission (admins and
 * super admins; guests never enter the admin).
 */
export const replyTemplatesResource = defineResource({
  key: "reply_templates",
  title: "Plantillas de respuesta",
  table: replyTemplates,
  routes: ["create", "update", "delete"],
  fields: {
    title: text("Nombre", { required: true, max: 80 }),
    subject: placeholdersChecked(text("Asunto", { max: replyLimits.subject })),
    body: placeholdersChecked(textarea("Mensaje", { required: true, max: replyLimits.message })),
  },
  list: ["title", "subject", "updated_at"],
  columns: { updated_at: "Modificada", created_at: "Creada" },
  unique: { field: "title", message: "Ya hay una plantilla con este nombre." },
  recordTitle: (record) => String(record.title ?? ""),
});
