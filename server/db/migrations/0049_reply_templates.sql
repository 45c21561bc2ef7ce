-- Decision 258. Reply templates: what staff often write to a lead (confirm a visit, ask for
-- photos, send the quote), kept and edited in the admin and chosen in a lead's reply form, with
-- {nombre} and {referencia} filled in for that lead.
CREATE TABLE "reply_templates" (
  "id" serial PRIMARY KEY NOT NULL,
  "title" text NOT NULL,
  "subject" text,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reply_templates_title_unique" ON "reply_templates" (lower("title"));
--> statement-breakpoint
INSERT INTO "permissions" ("key", "name") VALUES ('reply_templates', 'Plantillas de respuesta');
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
  SELECT r.id, p.id FROM "roles" r CROSS JOIN "permissions" p
  WHERE r.name IN ('super_admin', 'admin') AND p.key = 'reply_templates'
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "reply_templates" ("title", "subject", "body") VALUES
  ('Confirmar visita', 'Confirmamos la visita: {referencia}',
   E'Te confirmamos la visita para ver la obra de tu solicitud {referencia}.\n\nSi necesitas cambiar el día o la hora, responde a este correo y buscamos otro momento.'),
  ('Pedir fotos', 'Fotos para tu presupuesto: {referencia}',
   E'Para preparar tu presupuesto con más precisión nos ayudaría ver cómo está ahora el espacio.\n\n¿Puedes responder a este correo con unas fotos de la zona que quieres reformar y, si las tienes, sus medidas aproximadas?'),
  ('Enviar presupuesto', 'Tu presupuesto: {referencia}',
   E'Te enviamos el presupuesto de la obra que nos pediste en la solicitud {referencia}.\n\nSi tienes cualquier duda o quieres ajustar alguna partida, responde a este correo y lo vemos juntos.');
