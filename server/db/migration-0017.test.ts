import { describe, expect, it } from "vitest";
import { databaseBefore, skipMigrationTests as skip } from "../../tests/support/migrations.ts";
import { migrationsFolder } from "./client.ts";

/**
 * Migration 0017 (decision 187) on an outbox from before it: a lead's mails get the kind decision
 * 180's rule gave them (its latest mail to its own address is the confirmation, any other its
 * notice), mails of no lead get none, and the lead's page says the same of each lead as before.
 */
describe.skipIf(skip)("migration 0017: what each of a lead's mails is", () => {
  it("names each lead's notice and confirmation, and nothing else", async () => {
    const database = await databaseBefore(17);
    await database.query(`
      insert into contacts (id, name, email, subject, message) values
        (1, 'Ana', 'ana@example.test', 'Cocina', 'Hola'),
        (2, 'Staff probando', 'oficina@obra.test', 'Prueba', 'Hola'),
        (3, 'Joan', null, 'Baño', 'Buenas')`);
    await database.query(`
      insert into mail_outbox (id, "to", subject, text, html, contact_id) values
        (1, 'oficina@obra.test', 'Solicitud 1', '', '', 1),
        (2, 'ana@example.test', 'Hemos recibido tu solicitud', '', '', 1),
        (3, 'oficina@obra.test', 'Solicitud 2', '', '', 2),
        (4, 'oficina@obra.test', 'Hemos recibido tu solicitud', '', '', 2),
        (5, 'oficina@obra.test', 'Solicitud 3', '', '', 3),
        (6, 'alguien@example.test', 'Verifica tu correo', '', '', null)`);

    await database.migrate(migrationsFolder);
    const rows = await database.query(`select id, kind, sent_by from mail_outbox order by id`);
    expect(rows).toEqual([
      { id: 1, kind: "notice", sent_by: null },
      { id: 2, kind: "confirmation", sent_by: null },
      // A visitor who gave the office's own address: the later of the two is the confirmation.
      { id: 3, kind: "notice", sent_by: null },
      { id: 4, kind: "confirmation", sent_by: null },
      { id: 5, kind: "notice", sent_by: null },
      { id: 6, kind: null, sent_by: null },
    ]);
  });
});
