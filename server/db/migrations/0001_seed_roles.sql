-- Roles and permissions of SPEC §6. Admin resources are keyed by their {resource} path segment.
INSERT INTO "roles" ("name", "label") VALUES
  ('super_admin', 'Super Administrador'),
  ('admin', 'Administrador'),
  ('guest_user', 'Usuario');
--> statement-breakpoint
INSERT INTO "permissions" ("key", "name") VALUES
  ('users', 'Usuarios'),
  ('contacts', 'Contactos'),
  ('subscriptions', 'Suscripciones');
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
  SELECT r.id, p.id FROM "roles" r CROSS JOIN "permissions" p
  WHERE r.name IN ('super_admin', 'admin');
