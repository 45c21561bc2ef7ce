import { describe, expect, it } from "vitest";
import { databaseBefore, skipMigrationTests as skip } from "../../tests/support/migrations.ts";
import { migrationsFolder } from "./client.ts";

/**
 * Migration 0009 (decision 140) on a database holding leads from before it: answered ones
 * ("handled") become "contactado", the others "nuevo", and nothing else about them changes.
 */
describe.skipIf(skip)("migration 0009: handled leads into the pipeline", () => {
  it("turns handled into contactado and the rest into nuevo, losing nothing", async () => {
    const database = await databaseBefore(9);
    await database.query(`
      insert into contacts (name, email, subject, message, handled, created_at, updated_at) values
        ('Atendida', 'a@example.test', 'Cocina', 'Hola', true, '2026-01-02T10:00:00Z', '2026-01-05T09:00:00Z'),
        ('Pendiente', null, 'Baño', 'Buenas', false, '2026-01-03T10:00:00Z', '2026-01-03T10:00:00Z')`);

    await database.migrate(migrationsFolder);
    const rows = await database.query(
      `select name, email, subject, message, handled, status, lost_reason, assignee_id,
              status_changed_at, created_at from contacts order by id`,
    );
    expect(rows).toEqual([
      {
        name: "Atendida",
        email: "a@example.test",
        subject: "Cocina",
        message: "Hola",
        handled: true,
        status: "contactado",
        lost_reason: null,
        assignee_id: null,
        status_changed_at: new Date("2026-01-05T09:00:00Z"),
        created_at: new Date("2026-01-02T10:00:00Z"),
      },
      {
        name: "Pendiente",
        email: null,
        subject: "Baño",
        message: "Buenas",
        handled: false,
        status: "nuevo",
        lost_reason: null,
        assignee_id: null,
        status_changed_at: null,
        created_at: new Date("2026-01-03T10:00:00Z"),
      },
    ]);
    // Only the statuses of the pipeline are stored.
    await expect(database.query(`update contacts set status = 'archivado'`)).rejects.toThrow();
    // The audit log is the super admins' section alone.
    const holders = await database.query(`
      select r.name from role_permissions rp
        join roles r on r.id = rp.role_id join permissions p on p.id = rp.permission_id
      where p.key = 'audit'`);
    expect(holders).toEqual([{ name: "super_admin" }]);
  });
});
