import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  dateOf,
  formatDate,
  formatValue,
  type ListTools,
  pageFromSearch,
  pageWindow,
  toPayload,
} from "./records";

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

describe("admin lists", () => {
  it("pages: first, last, two either side, ellipses for gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
    // Literally SPEC §9: a skipped page is an ellipsis even when it is only one.
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, "gap", 5]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, "gap", 10]);
    expect(pageWindow(6, 12)).toEqual([1, "gap", 4, 5, 6, 7, 8, "gap", 12]);
    expect(pageWindow(4, 12)).toEqual([1, 2, 3, 4, 5, 6, "gap", 12]);
    expect(pageWindow(12, 12)).toEqual([1, "gap", 10, 11, 12]);
  });

  it("reads ?page, defaulting to 1", () => {
    expect(pageFromSearch(new URLSearchParams(""))).toBe(1);
    expect(pageFromSearch(new URLSearchParams("page=3"))).toBe(3);
    expect(pageFromSearch(new URLSearchParams("page=-2"))).toBe(1);
    expect(pageFromSearch(new URLSearchParams("page=abc"))).toBe(1);
  });

  it("shows values as staff read them", () => {
    // SPEC §9's "N/A" is for a missing date; anything else missing is a dash (decision 206).
    expect(formatValue(null, { date: true })).toBe("N/A");
    expect(formatValue(null)).toBe("—");
    expect(formatValue("")).toBe("—");
    expect(formatValue([])).toBe("—");
    expect(formatValue(true)).toBe("Sí");
    expect(formatValue(false)).toBe("No");
    expect(formatValue("2026-11-21T09:05:00.000Z")).toMatch(
      /^\d{1,2} de noviembre de 2026(,| a las) \d{2}:\d{2}$/,
    );
    expect(formatValue("Reforma")).toBe("Reforma");
    // A project's photos, as a history line shows them: what each shows, not the stored JSON.
    expect(
      formatValue([
        { photo_id: 1, stage: "antes", alt: "Bañera vieja", cover: true },
        { photo_id: 2, stage: "despues", alt: "Ducha de obra", cover: false },
      ]),
    ).toBe("Bañera vieja, Ducha de obra");
  });

  it("reads only ISO dates as dates, in SPEC §9's long form", () => {
    const date = dateOf("2026-11-21T09:05:00.000Z");
    expect(date).toBeInstanceOf(Date);
    expect(formatDate(date as Date)).toBe(formatValue("2026-11-21T09:05:00.000Z"));
    expect(dateOf("2026-11-21")).toBeUndefined();
    expect(dateOf("OM-2026-00012")).toBeUndefined();
    expect(dateOf(3)).toBeUndefined();
  });

  it("converts form values per field type", () => {
    const details = {
      id: { title: "ID", type: "hidden", value: 4 },
      area: { title: "Superficie", type: "decimal", value: null },
      rooms: { title: "Habitaciones", type: "number", value: null },
      role_id: { title: "Rol", type: "selector", value: 1, selector: [{ id: 1, title: "A" }] },
      tags: {
        title: "Etiquetas",
        type: "multi-selector",
        value: [],
        selector: [{ id: 2, title: "B" }],
      },
      done: { title: "Hecho", type: "checkbox", value: false },
      name: { title: "Nombre", type: "text", value: "" },
    };
    expect(
      toPayload(details, {
        id: "4",
        area: "12.5",
        rooms: "",
        role_id: "1",
        tags: ["2"],
        done: true,
        name: "Casa",
      }),
    ).toEqual({
      id: "4",
      area: 12.5,
      rooms: null,
      role_id: 1,
      tags: [2],
      done: true,
      name: "Casa",
    });
  });
});
