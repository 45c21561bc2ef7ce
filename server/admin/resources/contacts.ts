import { contacts } from "../../db/schema.ts";
import { checkbox, email, text, textarea } from "../fields.ts";
import { defineResource } from "../resource.ts";

/**
 * A contact message as the public form sends it (SPEC §3, §5); the admin form checks edits
 * with the same rules, so staff can never store what a visitor could not.
 */
export const contactFields = {
  name: text("Nombre", { required: true, max: 100 }),
  email: email("Correo electrónico"),
  phone: text("Teléfono", {
    max: 30,
    pattern: {
      regex: /^[0-9 +()-]+$/,
      message: "El campo «Teléfono» solo puede contener números, espacios y los signos + ( ) -.",
    },
  }),
  subject: text("Asunto", { required: true, max: 150 }),
  message: textarea("Mensaje", { required: true, max: 5000 }),
};

/**
 * Messages come only from visitors: staff read them, mark them handled, correct or delete
 * them, but never write one (docs/decisions/023-contacts-admin-routes.md).
 */
export const contactsResource = defineResource({
  key: "contacts",
  title: "Contactos",
  table: contacts,
  routes: ["update", "delete"],
  fields: { ...contactFields, handled: checkbox("Atendido") },
  list: ["name", "email", "phone", "subject", "message", "handled", "created_at"],
  columns: { created_at: "Recibido" },
});
