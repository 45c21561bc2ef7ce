import { type Context, Hono } from "hono";
import {
  createRecord,
  deleteRecord,
  findRecord,
  formDetails,
  listPage,
  listTitles,
  pageNumber,
  parseForm,
  updateRecord,
} from "../admin/operations.ts";
import { adminResources } from "../admin/registry.ts";
import type { AdminRoute, ResourceDefinition } from "../admin/resource.ts";
import {
  type AuthEnv,
  forbidden,
  hasPermission,
  requireUser,
  requireVerified,
} from "../auth/session.ts";
import { fail } from "../http-errors.ts";
import type { Services } from "../services.ts";

function notFound(message: string): never {
  fail(404, { title: "No encontrado", message });
}

function recordNotFound(): never {
  notFound("El registro solicitado no existe.");
}

/**
 * Who may do what (SPEC §2 "online, verify, role"): signed in (401, by requireUser), a verified
 * e-mail (403), an existing section (404), the first role holding the permission keyed like the
 * section (403, SPEC §6), and an action the section offers.
 */
function authorize(c: Context<AuthEnv>, route?: AdminRoute): ResourceDefinition {
  requireVerified(c.var.user);
  const definition = adminResources.get(c.req.param("resource") ?? "");
  if (!definition) notFound("La sección solicitada no existe.");
  if (!hasPermission(c.var.user, definition.key)) forbidden();
  if (route && !definition.routes.includes(route)) {
    notFound("Esta acción no está disponible en esta sección.");
  }
  return definition;
}

/** Path ids are digits only; anything else names no record. */
const pathId = (c: Context) => {
  const raw = c.req.param("id") ?? "";
  return /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
};

/** Read after the permission check, so a stranger learns nothing from how a body is parsed. */
async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return fail(400, {
      title: "Datos no válidos",
      message: "El cuerpo de la petición no es un JSON válido.",
    });
  }
}

/** SPEC §7: the generic admin API, driven by one definition per resource (server/admin/). */
export function createAdminRouter(services: Services) {
  const { db, sessions } = services;
  const admin = new Hono<AuthEnv>();
  admin.use("*", requireUser(services));

  admin.get("/:resource", async (c) => {
    const definition = authorize(c);
    return c.json({
      data: await listPage(db, definition, pageNumber(c.req.query("page"))),
      parameter_titles: listTitles(definition),
      routes: definition.routes,
    });
  });

  admin.get("/:resource/create", async (c) => {
    const definition = authorize(c, "create");
    return c.json({ parameter_details: await formDetails(db, definition) });
  });

  admin.get("/:resource/create/:id", async (c) => {
    const definition = authorize(c, "update");
    const record = (await findRecord(db, definition, pathId(c))) ?? recordNotFound();
    return c.json({ parameter_details: await formDetails(db, definition, record) });
  });

  admin.post("/:resource/create", async (c) => {
    const definition = authorize(c, "create");
    const input = await parseForm(db, definition, await jsonBody(c), "create");
    const record = await createRecord(db, definition, input, c.var.user);
    return c.json(
      {
        title: "Registro creado",
        message: "El registro se ha creado correctamente.",
        data: record,
      },
      201,
    );
  });

  admin.post("/:resource/update", async (c) => {
    const definition = authorize(c, "update");
    const input = await parseForm(db, definition, await jsonBody(c), "update");
    const record =
      (await updateRecord(db, definition, input.id as number, input, c.var.user)) ??
      recordNotFound();
    // A staff edit may change an account (its role, its password): this instance forgets
    // every signed-in user at once; the others hear it from the database (SessionCache).
    sessions.clear();
    return c.json({
      title: "Registro actualizado",
      message: "Los cambios se han guardado correctamente.",
      data: record,
    });
  });

  admin.get("/:resource/delete/:id", async (c) => {
    const definition = authorize(c, "delete");
    if (!(await deleteRecord(db, definition, pathId(c), c.var.user))) recordNotFound();
    sessions.clear();
    return c.json({
      title: "Registro eliminado",
      message: "El registro se ha eliminado correctamente.",
    });
  });

  return admin;
}
