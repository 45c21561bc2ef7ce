import { subscriptions } from "../../db/schema.ts";
import { email } from "../fields.ts";
import { defineResource } from "../resource.ts";

export const subscriptionEmail = email("Correo electrónico", { required: true });

export const subscriptionsResource = defineResource({
  key: "subscriptions",
  title: "Suscripciones",
  table: subscriptions,
  routes: ["create", "update", "delete"],
  fields: { email: subscriptionEmail },
  list: ["email", "created_at"],
  columns: { created_at: "Fecha de alta" },
  unique: { field: "email", message: "Este correo electrónico ya está suscrito." },
});
