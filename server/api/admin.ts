import { count, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { auditedQuery, recordHistory } from "../admin/audit.ts";
import { auditEntryView } from "../admin/audit-entry.ts";
import { exportCsv, type ListExport } from "../admin/export.ts";
import { exportXlsx, XLSX_TYPE } from "../admin/export-xlsx.ts";
import { describeTools, parseListQuery } from "../admin/list-query.ts";
import { addNote, notesOf } from "../admin/notes.ts";
import {
  assignRecord,
  assignRecords,
  bulkDelete,
  changeStatus,
  checkStatus,
  createRecord,
  dateFields,
  deleteRecord,
  detailTitles,
  findRecord,
  formDetails,
  formVersion,
  isRowId,
  listPage,
  listTitles,
  matchingIds,
  parseForm,
  titleField,
  updateRecord,
  valueTitles,
} from "../admin/operations.ts";
import { adminResources } from "../admin/registry.ts";
import type { AdminRoute, ResourceDefinition } from "../admin/resource.ts";
import { auditResource } from "../admin/resources/audit.ts";
import { contactsResource } from "../admin/resources/contacts.ts";
import { staffHome } from "../admin/staff-home.ts";
import { tabCounts } from "../admin/tab-counts.ts";
import { recordAudit } from "../audit-log.ts";
import {
  type AuthEnv,
  forbidden,
  hasPermission,
  requireAdminEntry,
  requireStaff,
  requireUser,
} from "../auth/session.ts";
import { companySection, missingCompanyFacts } from "../company/record.ts";
import { base64Of, contacts, leadPhotos } from "../db/schema.ts";
import type { Dependencies } from "../dependencies.ts";
import { addFieldErrors, fail, failValidation, noFieldErrors } from "../http-errors.ts";
import { followUpBody } from "../leads/follow-up.ts";
import { downloadName } from "../leads/photos.ts";
import { replyBody } from "../leads/reply.ts";
import { mailFolder } from "../mail/transport.ts";
import {
  controlCharacterMessage,
  hasControlCharacter,
  jsonBodyOf,
  jsonObject,
} from "../validation.ts";

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
  requireAdminEntry(c.var.user);
  const definition = adminResources.get(c.req.param("resource") ?? "");
  if (!definition) notFound("La sección solicitada no existe.");
  if (!hasPermission(c.var.user, definition.key)) forbidden();
  if (route && !definition.routes.includes(route)) {
    notFound("Esta acción no está disponible en esta sección.");
  }
  return definition;
}

/** Path ids are digits only; anything else names no record. */
const pathId = (c: Context, name = "id") => {
  const raw = c.req.param(name) ?? "";
  return /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
};

/** Read after the permission check, so a stranger learns nothing from how a body is parsed. */
const jsonBody = jsonBodyOf;

/** A JSON body checked against `schema`: a 422 with Spanish messages per field otherwise. */
async function parsedBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  const body = jsonObject(await jsonBody(c));
  const result = await schema.safeParseAsync(body);
  if (result.success) return result.data;
  const errors = noFieldErrors();
  for (const issue of result.error.issues) {
    addFieldErrors(errors, issue.path.length ? String(issue.path[0]) : "body", [issue.message]);
  }
  failValidation(errors);
}

const idSchema = z
  .number({ error: "Indica el «id» numérico del registro." })
  .int()
  .refine(isRowId, {
    message: "El «id» no corresponde a ningún registro.",
  });
const reasonSchema = z
  .string({ error: "El motivo debe ser un texto." })
  .trim()
  .max(500, "El motivo no puede tener más de 500 caracteres.")
  .refine((value) => !hasControlCharacter(value), "El motivo contiene caracteres de control.")
  .nullish();
const statusSchema = z.string({ error: "Indica el estado." }).max(100, "El estado no existe.");
/** `from`, when sent: what the control showed, so a colleague's newer change is not undone. */
const statusBody = z.object({
  id: idSchema,
  status: statusSchema,
  reason: reasonSchema,
  /** A won lead's value in euros (decision 253), checked by the status's own field. */
  amount: z.unknown().optional(),
  from: statusSchema.optional(),
});
const assigneeSchema = z
  .number({ error: "Indica el «assignee_id» numérico, o null para dejarlo sin asignar." })
  .int()
  .nullable();
const assignBody = z.object({
  id: idSchema,
  assignee_id: assigneeSchema,
  from: assigneeSchema.optional(),
});
/** A note is kept exactly as written (no trimming): only blank ones and control characters go. */
const noteBody = z.object({
  id: idSchema,
  body: z
    .string({ error: "Escribe el texto de la nota." })
    .refine((text) => text.trim() !== "", "Escribe el texto de la nota.")
    .refine((text) => text.length <= 5000, "La nota no puede tener más de 5000 caracteres.")
    .refine((text) => !hasControlCharacter(text), controlCharacterMessage("Nota")),
});
/** A bulk action on chosen ids, or on every record the list's filters match. */
const bulkBody = z
  .object({
    action: z.enum(["delete", "status", "assign"], {
      error: "La acción en bloque debe ser «delete», «status» o «assign».",
    }),
    ids: z
      .array(idSchema, { error: "«ids» debe ser una lista de identificadores." })
      .max(1000, "Elige como máximo 1000 registros, o aplica la acción a todos los filtrados.")
      .optional(),
    all_matching: z.literal(true, { error: "«all_matching» solo admite true." }).optional(),
    query: z
      .record(z.string(), z.string({ error: "Cada filtro de «query» debe ser un texto." }), {
        error: "«query» debe ser un objeto con los filtros de la lista.",
      })
      .optional(),
    status: statusSchema.optional(),
    reason: reasonSchema,
    /** «assign»: to whom (null: to nobody). */
    assignee_id: assigneeSchema.optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.all_matching === undefined), {
    message: "Indica «ids» o «all_matching», uno de los dos.",
    path: ["ids"],
  });

/** The first value of each query parameter. */
const queryOf = (c: Context) => c.req.query() as Record<string, string | undefined>;

/** SPEC §7: the generic admin API, driven by one definition per resource (server/admin/). */
export function createAdminRouter(deps: Dependencies) {
  const { db, sessions } = deps;
  // Where a deleted lead's or subscription's mails were written without SMTP_URL (decision 188).
  const mailFiles = mailFolder(deps.env.DATA_DIR);
  // GET /api/admin/summary and /home are routed before GET /api/admin/{resource}.
  for (const key of ["summary", "home"]) {
    if (adminResources.has(key)) throw new Error(`admin: no resource may be keyed ${key}`);
  }
  const admin = new Hono<AuthEnv>();
  admin.use("*", requireUser(deps));

  /** The side navigation: each section the caller's role allows, with its count. */
  admin.get("/summary", async (c) => {
    requireAdminEntry(c.var.user);
    const allowed = [...adminResources.values()].filter((d) => hasPermission(c.var.user, d.key));
    if (!allowed.length) forbidden();
    const sections = [];
    for (const definition of allowed) {
      const [counted] = await db.select({ total: count() }).from(definition.table);
      const highlight = definition.highlight
        ? (
            await db
              .select({ total: count() })
              .from(definition.table)
              .where(definition.highlight.where)
          )[0]
        : undefined;
      sections.push({
        key: definition.key,
        title: definition.title,
        total: Number(counted?.total ?? 0),
        ...(definition.landing
          ? { landing: new URLSearchParams(definition.landing).toString() }
          : {}),
        ...(definition.highlight
          ? {
              highlight: {
                title: definition.highlight.title,
                total: Number(highlight?.total ?? 0),
              },
            }
          : {}),
      });
    }
    // The one company record (decision 245): its screen, and the placeholders still published,
    // which the navigation counts until they are replaced.
    if (hasPermission(c.var.user, companySection)) {
      const missing = missingCompanyFacts(await deps.siteContent.get("company"));
      sections.push({
        key: companySection,
        title: "Empresa",
        total: 1,
        ...(missing.length ? { highlight: { title: "Por completar", total: missing.length } } : {}),
      });
      return c.json({ sections, company_missing: missing });
    }
    return c.json({ sections });
  });

  /**
   * The staff home (decision 253): cards of leads to act on, each counted by the inbox's own
   * query and compared with the last earlier day the caller opened it. For the leads' staff.
   */
  admin.get("/home", async (c) => {
    requireStaff(c.var.user, contactsResource.key);
    const home = await staffHome(db, c.var.user.id, deps.env);
    // The placeholders still published (decision 245), for whoever may replace them: the home
    // is where staff land after signing in, so a new install's first task is said there.
    if (!hasPermission(c.var.user, companySection)) return c.json(home);
    const missing = missingCompanyFacts(await deps.siteContent.get("company"));
    return c.json({ ...home, company_missing: missing });
  });

  /**
   * A lead's photo, full size or its thumbnail (decision 131): for staff of the contacts section
   * only, never cached (a visitor's home on a shared computer), never guessed at as another type.
   * Routed before /:resource/... so that no section pattern can take these paths.
   */
  for (const [suffix, column] of [
    ["", leadPhotos.bytes],
    ["/thumbnail", leadPhotos.thumbnail],
  ] as const) {
    admin.get(`/${contactsResource.key}/photos/:photoId${suffix}`, async (c) => {
      requireStaff(c.var.user, contactsResource.key);
      const id = pathId(c, "photoId");
      const [photo] = isRowId(id)
        ? await db
            .select({
              name: leadPhotos.name,
              type: leadPhotos.content_type,
              bytes: base64Of(column),
            })
            .from(leadPhotos)
            .where(eq(leadPhotos.id, id))
        : [];
      if (!photo) notFound("La foto solicitada no existe.");
      const name = downloadName(photo.name);
      const bytes = Buffer.from(photo.bytes, "base64");
      return new Response(bytes as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: {
          "content-type": photo.type,
          "content-length": String(bytes.length),
          "cache-control": "private, no-store",
          "x-content-type-options": "nosniff",
          "content-disposition": `inline; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        },
      });
    });
  }

  admin.get("/:resource", async (c) => {
    const definition = authorize(c);
    const params = queryOf(c);
    const query = parseListQuery(definition, params);
    const counts = await tabCounts(db, definition, params, c.var.user.id);
    return c.json({
      data: await listPage(db, definition, query),
      // What each status tab and «Míos» would show (decision 272); only sections with a status.
      ...(counts ? { tab_counts: counts } : {}),
      parameter_titles: listTitles(definition),
      routes: definition.routes,
      // Additions: a record's own screens (decision 102), what the list offers and what this
      // answer applied (issue 13).
      screens: definition.screens ?? [],
      tools: await describeTools(db, definition),
      applied: query.applied,
      value_titles: valueTitles(definition),
      // Which fields hold dates: a missing one reads "N/A", any other "—" (decision 206).
      date_fields: dateFields(definition),
      // How a wide screen's table draws the list (decision 169), and the field the records'
      // titles are drawn from, not repeated as a column (decision 206).
      table_layout: { ...definition.tableLayout, title: titleField(definition) },
    });
  });

  /** One record read-only, with its notes and its history from the audit log. */
  admin.get("/:resource/detail/:id", async (c) => {
    const definition = authorize(c);
    const id = pathId(c);
    const record = (await findRecord(db, definition, id)) ?? recordNotFound();
    return c.json({
      data: record,
      parameter_titles: detailTitles(definition),
      routes: definition.routes,
      read_only: definition.readOnly ?? [],
      tools: await describeTools(db, definition),
      // Coded values by their labels (a lead's service, budget, area).
      value_titles: valueTitles(definition),
      date_fields: dateFields(definition),
      ...(definition.assignee ? { assignees: await definition.assignee.options(db) } : {}),
      ...(definition.notes ? { notes: await notesOf(db, definition.key, id) } : {}),
      history: await recordHistory(db, definition.key, id),
      // An audit entry's page: what the entry changed, in its section's words, and where the
      // record acted on is now (decision 207).
      ...(definition === auditResource ? { audit_entry: await auditEntryView(db, record) } : {}),
      ...(definition.photos ? { photos: await definition.photos(db, id) } : {}),
      // Where the mails to the record's person stand (a lead's confirmation; decision 180).
      ...(definition.mails ? { mails: await definition.mails(db, record) } : {}),
      // The mails staff wrote to the record's person, and the form's first subject (decision 187).
      ...(definition.replies && definition.routes.includes("update")
        ? {
            replies: await definition.replies.list(db, record, {
              env: deps.env,
              actor: c.var.user,
            }),
          }
        : {}),
    });
  });

  /**
   * The filtered, sorted list as a file, streamed: CSV for any tool (server/admin/export.ts),
   * .xlsx with typed cells for Excel (export-xlsx.ts, decision 207). The same authorization,
   * filters and audit entry for both.
   */
  for (const [path, format, write, type] of [
    ["export", "csv", exportCsv, "text/csv; charset=utf-8"],
    ["export.xlsx", "xlsx", exportXlsx, XLSX_TYPE],
  ] as const) {
    admin.get(`/:resource/${path}`, async (c) => {
      const definition = authorize(c);
      const { page: _page, per_page: _perPage, ...params } = queryOf(c);
      const query = parseListQuery(definition, params);
      const file: ListExport = await write(db, definition, query);
      await recordAudit(db, c.var.user, {
        action: "export",
        resource: definition.key,
        affected: file.rows,
        details: { format, query: auditedQuery(query.applied) },
      });
      return new Response(file.body, {
        status: 200,
        headers: {
          "content-type": type,
          "content-disposition": `attachment; filename="${file.filename}"`,
          "cache-control": "no-store",
        },
      });
    });
  }

  /** One call moves a record to a status (a lead to "presupuesto_enviado"). */
  admin.post("/:resource/status", async (c) => {
    const definition = authorize(c);
    if (!definition.status) notFound("Esta sección no tiene estados.");
    const body = await parsedBody(c, statusBody);
    const changed = await changeStatus(db, definition, [body.id], body, c.var.user, {
      action: "status",
    });
    if (!changed) recordNotFound();
    return c.json({
      title: "Estado actualizado",
      message: "El estado se ha cambiado correctamente.",
      data: await findRecord(db, definition, body.id),
    });
  });

  admin.post("/:resource/assign", async (c) => {
    const definition = authorize(c);
    if (!definition.assignee) notFound("Esta sección no tiene responsables.");
    const body = await parsedBody(c, assignBody);
    const record =
      (await assignRecord(
        db,
        definition,
        body.id,
        body.assignee_id,
        c.var.user,
        deps.env,
        body.from,
      )) ?? recordNotFound();
    // The new assignee's mail (decision 254) was queued with the change: send it now.
    void deps.mail.flush();
    return c.json({
      title: "Responsable actualizado",
      message: "Se ha guardado el responsable.",
      data: record,
    });
  });

  /**
   * A lead's «volver a contactar el …» and its note (decision 255), set or cleared (`on`: null)
   * by the leads' staff; in the lead's history and the audit log.
   */
  admin.post(`/${contactsResource.key}/follow-up`, async (c) => {
    requireStaff(c.var.user, contactsResource.key);
    const body = await parsedBody(c, followUpBody);
    if (!isRowId(body.id)) recordNotFound();
    const record =
      (await db.transaction(async (tx) => {
        const before = await findRecord(tx, contactsResource, body.id);
        if (!before) return undefined;
        await tx
          .update(contacts)
          .set({ follow_up_on: body.on, follow_up_note: body.on ? body.note || null : null })
          .where(eq(contacts.id, body.id));
        const after = await findRecord(tx, contactsResource, body.id);
        await recordAudit(tx, c.var.user, {
          action: "follow_up",
          resource: contactsResource.key,
          recordId: body.id,
          recordTitle: after?.record_title as string,
          before,
          after,
        });
        return after;
      })) ?? recordNotFound();
    return c.json({
      title: "Seguimiento guardado",
      message: body.on
        ? "Te lo recordaremos el día indicado."
        : "Se ha quitado la fecha para volver a contactar.",
      data: record,
    });
  });

  /** An internal note: how staff correct or complete what a visitor sent. */
  admin.post("/:resource/notes", async (c) => {
    const definition = authorize(c);
    if (!definition.notes) notFound("Esta sección no tiene notas.");
    const { id, body: text } = await parsedBody(c, noteBody);
    const record = (await findRecord(db, definition, id)) ?? recordNotFound();
    const note = await db.transaction(async (tx) => {
      const added = await addNote(tx, definition.key, id, c.var.user, text);
      await recordAudit(tx, c.var.user, {
        action: "note",
        resource: definition.key,
        recordId: id,
        recordTitle: record.record_title as string,
        details: { note_id: added.id, body: added.body },
      });
      return added;
    });
    return c.json(
      { title: "Nota añadida", message: "La nota se ha guardado correctamente.", data: note },
      201,
    );
  });

  /**
   * A mail to the record's person, written on its page (a lead's reply, decision 187): for staff
   * who may change the section's records; queued in the outbox, then sent at once.
   */
  admin.post("/:resource/reply", async (c) => {
    const definition = authorize(c, "update");
    if (!definition.replies) notFound("Esta sección no envía correos.");
    const body = await parsedBody(c, replyBody);
    const record = (await findRecord(db, definition, body.id)) ?? recordNotFound();
    const mailId =
      (await definition.replies.send(
        db,
        deps.env,
        c.var.user,
        body,
        record.record_title as string,
      )) ?? recordNotFound();
    void deps.mail.flush();
    return c.json(
      {
        title: "Respuesta enviada",
        message: `Respuesta en camino a ${record.email}: su estado aparece en «Respuestas por correo».`,
        data: { mail_id: mailId },
      },
      201,
    );
  });

  /** A status change or a delete on chosen records or on all the filter matches. */
  admin.post("/:resource/bulk", async (c) => {
    const definition = authorize(c);
    const body = await parsedBody(c, bulkBody);
    if (body.action === "delete" && !definition.routes.includes("delete")) {
      notFound("Esta acción no está disponible en esta sección.");
    }
    if (body.action === "status") {
      if (!definition.status) notFound("Esta sección no tiene estados.");
      if (body.status === undefined) failValidation({ status: ["Indica el estado."] });
      checkStatus(definition, { status: body.status, reason: body.reason });
    }
    if (body.action === "assign") {
      if (!definition.assignee) notFound("Esta sección no tiene responsables.");
      if (body.assignee_id === undefined) {
        failValidation({
          assignee_id: ["Indica el «assignee_id» numérico, o null para dejarlo sin asignar."],
        });
      }
    }
    let ids = body.ids ?? [];
    let details: Record<string, unknown> = { selection: "ids" };
    if (body.all_matching) {
      const { page: _page, per_page: _perPage, ...params } = body.query ?? {};
      const query = parseListQuery(definition, params);
      ids = await matchingIds(db, definition, query.where, query.orderBy);
      details = { selection: "all_matching", query: auditedQuery(query.applied) };
    }
    const changed =
      body.action === "delete"
        ? await bulkDelete(db, definition, ids, c.var.user, details, mailFiles)
        : body.action === "assign"
          ? (
              await assignRecords(
                db,
                definition,
                ids,
                body.assignee_id ?? null,
                c.var.user,
                deps.env,
                {
                  details: { ...details, bulk: true },
                },
              )
            ).length
          : await changeStatus(
              db,
              definition,
              ids,
              { status: body.status as string, reason: body.reason },
              c.var.user,
              { action: "bulk_status", details },
            );
    if (body.action === "delete") sessions.clear();
    if (body.action === "assign") void deps.mail.flush();
    return c.json({
      title:
        body.action === "delete"
          ? "Registros eliminados"
          : body.action === "assign"
            ? "Responsables actualizados"
            : "Estados actualizados",
      message:
        changed === 1 ? "Se ha modificado 1 registro." : `Se han modificado ${changed} registros.`,
      count: changed,
    });
  });

  admin.get("/:resource/create", async (c) => {
    const definition = authorize(c, "create");
    return c.json({ parameter_details: await formDetails(db, definition, c.var.user) });
  });

  admin.get("/:resource/create/:id", async (c) => {
    const definition = authorize(c, "update");
    const record = (await findRecord(db, definition, pathId(c))) ?? recordNotFound();
    return c.json({
      parameter_details: await formDetails(db, definition, c.var.user, record),
      // Sent back with the save, so a change made meanwhile is not silently undone (409).
      version: record.updated_at,
      // The record's name for people: the edit screen's title names it, as its detail view does.
      record_title: record.record_title,
      ...(definition.readOnly?.length ? { read_only: definition.readOnly } : {}),
    });
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
    const body = await jsonBody(c);
    const input = await parseForm(db, definition, body, "update");
    const record =
      (await updateRecord(
        db,
        definition,
        input.id as number,
        input,
        c.var.user,
        formVersion(body),
      )) ?? recordNotFound();
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
    if (!(await deleteRecord(db, definition, pathId(c), c.var.user, mailFiles))) recordNotFound();
    sessions.clear();
    return c.json({
      title: "Registro eliminado",
      message: "El registro se ha eliminado correctamente.",
    });
  });

  return admin;
}
