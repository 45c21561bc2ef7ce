import { describe, expect, it } from "vitest";
import { activeFilterCount, type ListTools } from "./records";

const tools: ListTools = {
  search: true,
  sortable: ["name"],
  orders: [{ key: "inbox", title: "Bandeja de entrada" }],
  filters: {
    status: { kind: "choice", title: "Estado", options: [{ value: "nuevo", title: "Nuevo" }] },
    service: { kind: "choice", title: "Servicio", options: [] },
    handled: { kind: "boolean", title: "Atendido" },
    created: { kind: "date", title: "Recibido", parameters: ["created_from", "created_to"] },
  },
  per_page: [12, 25, 50, 100],
};

// Decision 169: a phone's folded «Buscar y filtrar» says how many of its choices narrow the list.
describe("the filters a list view applies", () => {
  it("count the search and each filter, a date's two bounds as one", () => {
    expect(
      activeFilterCount(tools, {
        q: "baño",
        service: "reformas-de-banos",
        handled: "no",
        created_from: "2026-01-01",
        created_to: "2026-02-01",
      }),
    ).toBe(4);
    expect(activeFilterCount(tools, { created_to: "2026-02-01" })).toBe(1);
  });

  it("leave out the status shown as tabs, the order and the page size", () => {
    expect(
      activeFilterCount(
        tools,
        { status: "nuevo", sort: "inbox", dir: "asc", per_page: "50" },
        "status",
      ),
    ).toBe(0);
    expect(activeFilterCount(tools, { status: "nuevo" })).toBe(1);
    expect(activeFilterCount(tools, undefined)).toBe(0);
  });
});
