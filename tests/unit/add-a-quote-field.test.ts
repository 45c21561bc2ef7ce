import { parse } from "csv-parse/sync";
import { eq, getTableColumns, sql } from "drizzle-orm";
import { pgTable } from "drizzle-orm/pg-core";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { quoteDetailLines } from "../../content/quote-details.ts";
import {
  type ChoiceDetail,
  type DetailRules,
  type NumberDetail,
  quoteFieldRules,
  quoteFields,
} from "../../content/quote-fields.ts";
import { exportCsv } from "../../server/admin/export.ts";
import { exportXlsx } from "../../server/admin/export-xlsx.ts";
import { parseListQuery } from "../../server/admin/list-query.ts";
import type { ResourceDefinition } from "../../server/admin/resource.ts";
import { contactsResource, detailsForStaff } from "../../server/admin/resources/contacts.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { contacts, detailColumns } from "../../server/db/schema.ts";
import { detailChecks } from "../../server/leads/quote-details.ts";
import { createTestDatabase, skipDatabase } from "../support/database.ts";

/**
 * docs/adding-a-screen.md, "Add a quote field" (decision 240): a new optional detail is an entry
 * in content/quote-fields.ts plus the migration that adds its column. Here two are added to the
 * descriptor in memory (a list and a number) and their column to a real database, as their
 * migration would; the server's checks, the database write (store_contact), the admin's title
 * and choices, the CSV and .xlsx columns and the mails' lines follow, through the same functions
 * the site builds them with from the real list.
 */
const access = {
  name: "access",
  label: "Acceso para la obra",
  kind: "choice",
  choices: [
    { value: "ascensor", label: "Con ascensor" },
    { value: "escalera", label: "Solo por escalera" },
  ],
  none: "Elige un acceso",
} as const satisfies ChoiceDetail;

const floors = {
  name: "floors",
  label: "Plantas del edificio",
  kind: "number",
  min: 1,
  max: 200,
} as const satisfies NumberDetail;

const extended = [...quoteFields, access, floors] as const;
/** What only the server uses of the new number: its words and the mails' unit. */
const rules = {
  ...quoteFieldRules,
  floors: {
    unit: "plantas",
    messages: {
      notWhole: "Escribe las plantas como un número entero.",
      min: "El edificio tiene al menos 1 planta.",
      max: "Escribe como mucho 200 plantas.",
    },
  },
} satisfies Record<string, DetailRules>;

describe("a new quote field, added to the descriptor", () => {
  it("is checked by the server with its own words", () => {
    const schema = z.object(detailChecks(extended, rules));
    expect(schema.parse({ access: "ascensor", floors: "4", area: "" })).toEqual({
      access: "ascensor",
      floors: 4,
    });
    const refused = schema.safeParse({ access: "grua", floors: "0" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["access", "Elige una opción de la lista de «Acceso para la obra»."],
      ["floors", "El edificio tiene al menos 1 planta."],
    ]);
  });

  it("is a line of the mails, after the others", () => {
    expect(
      quoteDetailLines(
        { area: "Valencia", access: "escalera", floors: 3 } as never,
        extended,
        rules,
      ),
    ).toEqual([
      { label: "Provincia o ciudad", value: "Valencia" },
      { label: "Acceso para la obra", value: "Solo por escalera" },
      { label: "Plantas del edificio", value: "3 plantas" },
    ]);
  });

  it("is titled and read by its labels in the admin", () => {
    const staff = detailsForStaff(extended);
    expect(staff.titles.access).toBe("Acceso para la obra");
    expect(staff.titles.floors).toBe("Plantas del edificio");
    expect(staff.choices.access).toEqual([
      { value: "ascensor", title: "Con ascensor" },
      { value: "escalera", title: "Solo por escalera" },
    ]);
    expect(staff.choices.floors).toBeUndefined();
  });

  describe.skipIf(skipDatabase)("once its migration added the column", () => {
    let handle: DatabaseHandle;
    let id: number;
    // The columns the schema derives for the two (server/db/schema.ts `detailColumns`).
    const added = pgTable("contacts", detailColumns([access, floors]));
    const staff = detailsForStaff(extended);
    // The admin's contacts, its selection and titles taken from the extended descriptor.
    const definition: ResourceDefinition = {
      ...contactsResource,
      select: { ...contactsResource.select, ...getTableColumns(added) },
      columns: { ...contactsResource.columns, ...staff.titles },
      choices: { ...contactsResource.choices, ...staff.choices },
    };

    beforeAll(async () => {
      handle = await createTestDatabase();
      // What the new field's migration holds: its column, nothing else.
      await handle.db.execute(
        sql`alter table contacts add column access text, add column floors integer`,
      );
      // The database's write as store-lead.ts calls it, the details named by the descriptor.
      const details = { service: "reformas-de-banos", access: "ascensor", floors: 7 };
      const { rows } = (await handle.db.execute(
        sql`select * from store_contact(1, 'Lucía Pons', 'lucia@example.test', null, 'Baño',
          'Reformar el baño del séptimo.', ${JSON.stringify(details)}::jsonb,
          make_interval(secs => 60))`,
      )) as unknown as { rows: { id: number }[] };
      id = rows[0]?.id ?? 0;
    });
    afterAll(() => handle.close());

    it("is stored by store_contact with no change to it", async () => {
      const [row] = await handle.db
        .select({ service: contacts.service, ...getTableColumns(added) })
        .from(contacts)
        .where(eq(contacts.id, id));
      expect(row).toEqual({ service: "reformas-de-banos", access: "ascensor", floors: 7 });
    });

    it("is a column of the CSV, headed by its label, its choice by its label", async () => {
      const query = parseListQuery(definition, {});
      const csv = await exportCsv(handle.db, definition, query);
      const text = await new Response(csv.body).text();
      const [record] = parse(text.replace(/^\uFEFF/, ""), {
        delimiter: ";",
        columns: true,
      }) as Record<string, string>[];
      expect(record?.["Acceso para la obra"]).toBe("Con ascensor");
      expect(record?.["Plantas del edificio"]).toBe("7");
      expect(record?.Servicio).toBe("Reforma de baños");
    });

    it("is a column of the .xlsx, a number as a number", async () => {
      const query = parseListQuery(definition, {});
      const xlsx = await exportXlsx(handle.db, definition, query);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await new Response(xlsx.body).arrayBuffer());
      const [sheet] = workbook.worksheets;
      if (!sheet) throw new Error("no sheet");
      const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
      const cell = (title: string) => sheet.getRow(2).getCell(header.indexOf(title) + 1).value;
      expect(cell("Acceso para la obra")).toBe("Con ascensor");
      expect(cell("Plantas del edificio")).toBe(7);
    });
  });
});
