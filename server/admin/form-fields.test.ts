import { pgTable, serial, timestamp } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import {
  checkbox,
  decimal,
  email,
  multiSelector,
  number,
  selector,
  text,
  textarea,
} from "../fields.ts";
import { formDetails, pageNumber, parseForm } from "./operations.ts";
import { defineResource, type FormInput } from "./resource.ts";

/** A resource using every field type; its choices need no database. */
const materials = [
  { id: 1, title: "Madera" },
  { id: 2, title: "Piedra" },
  { id: 3, title: "Vidrio" },
];
const table = pgTable("quotes", {
  id: serial("id").primaryKey(),
  created_at: timestamp("created_at").notNull(),
  updated_at: timestamp("updated_at").notNull(),
});
const quotes = defineResource({
  key: "quotes",
  title: "Presupuestos",
  table,
  routes: ["create", "update"],
  fields: {
    title: text("Título", { required: true, max: 20 }),
    notes: textarea("Notas"),
    contact: email("Correo"),
    rooms: number("Habitaciones", { min: 1, max: 20 }),
    price: decimal("Precio", { required: true, min: 0 }),
    main: selector("Material principal", async () => materials),
    others: multiSelector("Otros materiales", async () => materials),
    urgent: checkbox("Urgente"),
  },
  list: ["title", "price"],
});
const db = {} as Database;

interface Parsed {
  input?: FormInput;
  status?: number;
  errors?: Record<string, string[]>;
}

const parse = (body: unknown, action: "create" | "update" = "create"): Promise<Parsed> =>
  parseForm(db, quotes, body, action).then(
    (input) => ({ input }),
    async (error: { res?: Response }) => {
      if (!error.res) throw error;
      return { status: error.res.status, errors: (await error.res.json()).errors };
    },
  );

describe("admin field types", () => {
  it("draw a blank form with the value each type starts from", async () => {
    expect(await formDetails(db, quotes, { roles: [] })).toEqual({
      title: { title: "Título", type: "text", value: "" },
      notes: { title: "Notas", type: "textarea", value: "" },
      contact: { title: "Correo", type: "email", value: "" },
      rooms: { title: "Habitaciones", type: "number", value: null },
      price: { title: "Precio", type: "decimal", value: null },
      main: { title: "Material principal", type: "selector", value: null, selector: materials },
      others: { title: "Otros materiales", type: "multi-selector", value: [], selector: materials },
      urgent: { title: "Urgente", type: "checkbox", value: false },
    });
  });

  it("convert what a form sends into typed values", async () => {
    expect(
      await parse({
        title: " Cocina\r\nnueva ",
        notes: "línea 1\r\nlínea 2",
        contact: " Ana@Example.TEST ",
        rooms: "3",
        price: "1250.50",
        main: "2",
        others: ["1", 3, 3],
        urgent: "on",
        extra: "ignored",
      }),
    ).toEqual({
      input: {
        title: "Cocina nueva",
        notes: "línea 1\nlínea 2",
        contact: "ana@example.test",
        rooms: 3,
        price: 1250.5,
        main: 2,
        others: [1, 3],
        urgent: true,
      },
    });
  });

  it("turn empty optional values into null, [] and false", async () => {
    expect(await parse({ title: "Baño", price: 0, notes: "", rooms: "", contact: null })).toEqual({
      input: {
        title: "Baño",
        notes: null,
        contact: null,
        rooms: null,
        price: 0,
        main: null,
        others: [],
        urgent: false,
      },
    });
  });

  it("answer every wrong field at once, in Spanish", async () => {
    expect(
      await parse({
        title: "x".repeat(21),
        contact: "ana",
        rooms: 2.5,
        price: "12.345",
        main: 9,
        others: [1, "dos"],
        urgent: "quizá",
      }),
    ).toEqual({
      status: 422,
      errors: {
        title: ["El campo «Título» no puede tener más de 20 caracteres."],
        contact: ["El campo «Correo» debe ser un correo electrónico válido."],
        rooms: ["El campo «Habitaciones» debe ser un número entero."],
        price: ["El campo «Precio» admite como máximo 2 decimales."],
        main: ["El valor elegido en «Material principal» no es válido."],
        others: ["El valor elegido en «Otros materiales» no es válido."],
        urgent: ["El campo «Urgente» debe ser sí o no."],
      },
    });
    const choices = await parse({ title: "Ok", price: 1, main: 9, others: [4] });
    expect(choices.errors).toEqual({
      main: ["El valor elegido en «Material principal» no es válido."],
      others: ["El valor elegido en «Otros materiales» no es válido."],
    });
    const bounds = await parse({ title: "Ok", price: -1, rooms: 21 });
    expect(bounds.errors).toEqual({
      price: ["El campo «Precio» debe ser como mínimo 0."],
      rooms: ["El campo «Habitaciones» debe ser como máximo 20."],
    });
  });

  it("need the hidden id on update", async () => {
    expect((await parse({ title: "Ok", price: 1 }, "update")).errors).toEqual({
      id: ["El campo «ID» es obligatorio."],
    });
    expect((await parse({ id: "7", title: "Ok", price: 1 }, "update")).input?.id).toBe(7);
    expect((await parse({ id: "siete", title: "Ok", price: 1 }, "update")).errors).toEqual({
      id: ["El campo «ID» debe ser un número entero."],
    });
  });

  it("refuse a body that is not an object", async () => {
    // No field to name: the message says it (server/validation.ts), the field map is empty.
    for (const body of [[1, 2], null, "texto", 42]) {
      expect(await parse(body)).toEqual({ status: 422, errors: {} });
    }
  });

  it("read ?page= leniently", () => {
    expect(["2", "0", "-1", "abc", "", undefined, "1e3", "99999999999"].map(pageNumber)).toEqual([
      2, 1, 1, 1, 1, 1, 1, 1,
    ]);
  });

  it("refuse a list column without a title", () => {
    expect(() => defineResource({ ...quotes, list: ["nope"] })).toThrow(/nope has no title/);
    expect(() => defineResource({ ...quotes, detail: ["nope"] })).toThrow(/nope has no title/);
  });

  it("refuse a table layout that names a field the list does not show", () => {
    expect(() => defineResource({ ...quotes, tableLayout: { summary: "nope" } })).toThrow(
      /table field nope is not listed/,
    );
    expect(() => defineResource({ ...quotes, tableLayout: { wide: ["nope"] } })).toThrow(
      /table field nope is not listed/,
    );
  });
});
