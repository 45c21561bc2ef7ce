// The browser-side rules of the account and admin screens that need no browser: the access
// markers (SPEC §2, §6), the error catalogue (§8), labels (§6), pagination and values (§9).
import { describe, expect, it } from "vitest";
import { accessRedirect } from "./access";
import { dateOf, formatDate, formatValue, pageFromSearch, pageWindow, toPayload } from "./admin";
import { describeError } from "./api";
import { adminSections, canManage, roleLabel, sectionTitle } from "./auth";
import type { User } from "./session";

/** What GET /api/user sends for each (migration 0001's names and labels). */
const serverNames: Record<string, string> = {
  super_admin: "Super Administrador",
  admin: "Administrador",
  guest_user: "Usuario",
  users: "Usuarios",
  contacts: "Contactos",
  subscriptions: "Suscripciones",
};
const person = (role: string, verified = true, keys: string[] = []): User => ({
  id: 1,
  name: "Ana",
  email: "ana@example.test",
  email_verified_at: verified ? "2026-11-21T10:00:00.000Z" : null,
  roles: [
    {
      name: role,
      label: serverNames[role],
      permissions: keys.map((key) => ({ key, name: serverNames[key] ?? "" })),
    },
  ],
});
const guest = person("guest_user");
const unverified = person("guest_user", false);
const admin = person("admin", true, ["users", "contacts", "subscriptions"]);

describe("access markers", () => {
  it("outline sends anyone signed in to /dashboard", () => {
    expect(accessRedirect(["outline"], null)).toBeNull();
    expect(accessRedirect(["outline"], unverified)).toBe("/dashboard");
    expect(accessRedirect(["outline"], admin)).toBe("/dashboard");
  });

  it("online sends visitors to /login", () => {
    expect(accessRedirect(["online"], null)).toBe("/login");
    expect(accessRedirect(["online"], unverified)).toBeNull();
  });

  it("verify alone ('both, verify') lets visitors in and sends unverified users to /dashboard", () => {
    expect(accessRedirect(["verify"], null)).toBeNull();
    expect(accessRedirect(["verify"], unverified)).toBe("/dashboard");
    expect(accessRedirect(["verify"], guest)).toBeNull();
  });

  it("role needs the first role's permission for the resource", () => {
    const markers = ["online", "verify", "role"] as const;
    expect(accessRedirect(markers, null, "users")).toBe("/login");
    expect(accessRedirect(markers, person("admin", false, ["users"]), "users")).toBe("/dashboard");
    expect(accessRedirect(markers, guest, "users")).toBe("/dashboard");
    expect(accessRedirect(markers, admin, "users")).toBeNull();
    expect(accessRedirect(markers, admin, "invoices")).toBe("/dashboard");
    // Only the first role counts (SPEC §3).
    const second: User = { ...guest, roles: [...guest.roles, ...admin.roles] };
    expect(canManage(second, "users")).toBe(false);
  });
});

describe("error catalogue", () => {
  it("422 lists each field with its messages joined by commas", () => {
    const described = describeError(422, {
      message: "Revisa los datos.",
      errors: { email: ["Ya existe.", "No es válido."], password: ["Muy corta."] },
      // The server names the fields it refuses; a name it does not title is shown as it is.
      field_titles: { email: "Correo electrónico", password: "Contraseña" },
    });
    expect(described.title).toBe("Error de Validación");
    expect(described.details).toEqual([
      "Correo electrónico: Ya existe, No es válido.",
      "Contraseña: Muy corta.",
    ]);
    expect(describeError(422, { title: "Datos no válidos", errors: {} }).title).toBe(
      "Datos no válidos",
    );
  });

  it("401 and 400 use the response's texts, with defaults", () => {
    expect(describeError(401, { title: "T", message: "M" })).toMatchObject({
      title: "T",
      message: "M",
    });
    expect(describeError(400, {})).toMatchObject({
      title: "Error de Autenticación",
      message: "No tienes autorización para realizar esta acción.",
    });
  });

  it("a throttled call says to wait, in the server's words or the default", () => {
    expect(
      describeError(429, { title: "Demasiados intentos", message: "Inténtalo en 60 segundos." }),
    ).toMatchObject({ title: "Demasiados intentos", message: "Inténtalo en 60 segundos." });
    expect(describeError(429, {})).toMatchObject({
      title: "Demasiados intentos",
      message: "Has hecho demasiados intentos. Espera un momento y vuelve a intentarlo.",
    });
  });

  it("other statuses and no response have fixed texts", () => {
    expect(describeError(500, { title: "interno" })).toMatchObject({
      title: "Error de Servidor",
      message: "Hubo un problema con el servidor. Intenta más tarde.",
    });
    expect(describeError(503, { title: "Servicio no disponible" }).title).toBe("Error de Servidor");
    expect(describeError(null, undefined)).toMatchObject({
      title: "Error de Conexión",
      message: "No se pudo conectar al servidor. Intenta nuevamente.",
    });
  });
});

describe("labels", () => {
  it("names roles and sections, with the unknown labels", () => {
    expect(roleLabel(person("super_admin"))).toBe("Super Administrador");
    expect(roleLabel(admin)).toBe("Administrador");
    expect(roleLabel(guest)).toBe("Usuario");
    expect(roleLabel(person("auditor"))).toBe("Rol Desconocido");
    expect(sectionTitle("invoices", admin)).toBe("Sección Desconocida");
    expect(sectionTitle("contacts", admin)).toBe("Contactos");
    expect(sectionTitle("contacts", null)).toBe("Sección Desconocida");
    expect(adminSections(admin).map((s) => s.title)).toEqual([
      "Usuarios",
      "Contactos",
      "Suscripciones",
    ]);
    expect(adminSections(guest)).toEqual([]);
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
