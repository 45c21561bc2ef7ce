import { describe, expect, it } from "vitest";
import { parseListQuery } from "./list-query.ts";
import { contactsResource } from "./resources/contacts.ts";
import { usersResource } from "./resources/users.ts";

describe("parseListQuery", () => {
  const fails = (definition: typeof contactsResource, params: Record<string, string>) => {
    try {
      parseListQuery(definition, params);
    } catch (error) {
      return (error as { res?: Response }).res?.status;
    }
    return 200;
  };

  it("keeps SPEC §7's lenient page and the 12-row default", () => {
    const query = parseListQuery(contactsResource, { page: "abc" });
    expect(query).toMatchObject({ page: 1, perPage: 12, searching: false, applied: {} });
  });

  it("names what it understood", () => {
    const query = parseListQuery(contactsResource, {
      q: "  baño  ducha ",
      status: "nuevo,visita,nuevo",
      handled: "Sí",
      created_from: "2026-01-31",
      sort: "name",
      dir: "desc",
      per_page: "50",
    });
    expect(query.applied).toEqual({
      q: "baño  ducha",
      status: "nuevo,visita",
      handled: "si",
      created_from: "2026-01-31",
      sort: "name",
      dir: "desc",
      per_page: "50",
    });
    expect(query.searching).toBe(true);
  });

  it("answers 422 for what a section does not offer", () => {
    expect(fails(contactsResource, { sort: "password_hash" })).toBe(422);
    expect(fails(usersResource, { sort: "password_hash" })).toBe(422);
    expect(fails(usersResource, { password_hash: "x" })).toBe(422);
    expect(fails(contactsResource, { status: "" })).toBe(200);
    expect(fails(contactsResource, { created_to: "2026-13-01" })).toBe(422);
    expect(fails(contactsResource, { q: "a\u0000" })).toBe(422);
    expect(fails(contactsResource, { q: Array(11).fill("a").join(" ") })).toBe(422);
  });

  it("names each refused parameter as the list's toolbar labels it, not by its name in the address", async () => {
    let answer: Response | undefined;
    try {
      parseListQuery(contactsResource, {
        created_from: "ayer",
        created_to: "31/01/2026",
        status: "archivado",
        sort: "password_hash",
        dir: "arriba",
        per_page: "7",
        q: Array(11).fill("a").join(" "),
        colour: "azul",
      });
    } catch (error) {
      answer = (error as { res?: Response }).res;
    }
    expect(answer?.status).toBe(422);
    const body = (await answer?.json()) as { field_titles: Record<string, string> };
    expect(body.field_titles).toEqual({
      created_from: "Recibido, desde",
      created_to: "Recibido, hasta",
      status: "Estado",
      sort: "Ordenar por",
      dir: "Sentido",
      per_page: "Por página",
      q: "Buscar",
      // Not a parameter of the list: its message says so by the name that was typed.
    });
  });
});
