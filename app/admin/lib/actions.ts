// What staff change from the admin lists and detail views, as React Router actions (issue 11's one
// pattern: a form submission posts an `intent`, the route's clientAction runs it here, and React
// Router reloads the screen's data afterwards; busy state from the navigation, the answer from
// useActionData). Navigation submissions rather than fetchers: useFetcher would add ~320 bytes
// (brotli) to the framework chunk every public page loads. SPEC §8: failures show no dialog;
// the answer carries a line to show where the change was asked for.
import { redirect, useActionData, useNavigation, useSubmit } from "react-router";
import { fieldErrorsOf } from "~/components/form-field";
import { api } from "~/lib/api";
import { sectionTitle } from "~/lib/auth";
import { askConfirmation, showSuccess } from "~/lib/dialog";
import { noindexMeta, type PageMatches } from "~/lib/seo";
import { adminPages } from "../../../content/account-pages";
import { rememberChangeFocus } from "./change-focus";
import { downloadFile } from "./download";
import { listPath } from "./list-memory";
import { type AdminForm, refusalMessage } from "./records";

/**
 * An admin screen's `meta`: the section's name (after the form's «Crear» or «Editar») and the
 * screen's texts (content/account-pages.ts), never indexed. A record's screens (its detail and
 * edit form) start with the record's title as the server names it, once loaded, so several leads
 * open in tabs tell apart: «Carmen Ruiz — Reforma de baño · Contactos | Obra Mediterránea».
 */
export const adminMeta =
  (screen: keyof typeof adminPages, action?: string) =>
  (
    { params, matches }: { params: { resource: string }; matches: PageMatches },
    record?: string,
  ) => {
    const title = [record, action, sectionTitle(params.resource)].filter(Boolean).join(" · ");
    return noindexMeta({ title, ...adminPages[screen] }, matches);
  };

/** `title`: the record's, when the screen sent it (its row may have left the list since). */
export type ActionResult = { intent: string; id?: number; title?: string } & (
  | { ok: true; message: string }
  | { ok: false; message: string; errors?: Record<string, string[]> }
);

/**
 * Submits admin changes to the current route's clientAction and tells, per intent and record,
 * whether one is in flight and what the last one answered.
 */
export function useAdminAction() {
  const submit = useSubmit();
  const navigation = useNavigation();
  const answer = useActionData() as ActionResult | undefined;
  const matches = (
    intent: string,
    id: number | undefined,
    asked: { intent?: unknown; id?: unknown } | undefined,
  ) => asked?.intent === intent && (id === undefined || String(asked.id) === String(id));
  const pending = navigation.formData
    ? { intent: navigation.formData.get("intent"), id: navigation.formData.get("id") }
    : undefined;
  return {
    run: (fields: Record<string, string>) => {
      // Its button may be gone once the screen reloads: focus then goes to the heading.
      rememberChangeFocus();
      return submit(fields, { method: "post", replace: true });
    },
    busy: (intent: string, id?: number) =>
      navigation.state !== "idle" && matches(intent, id, pending),
    answer: (intent: string, id?: number) =>
      answer && matches(intent, id, answer) ? answer : undefined,
  };
}

/**
 * A record's delete from its list row, card or detail view: `remove` asks staff to confirm, then
 * submits it; whether it is in flight, and the refusal if the server said no (a rule: own account,
 * a super admin's, the last one).
 */
export function useRecordDelete(id: number, title: string) {
  const adminAction = useAdminAction();
  const remove = async () => {
    const confirmed = await askConfirmation(
      "¿Borrar este registro?",
      `Se borrará «${title}» de forma definitiva. Esta acción no se puede deshacer.`,
      "Borrar",
    );
    if (confirmed) adminAction.run({ intent: "delete", id: String(id) });
  };
  return {
    remove,
    deleting: adminAction.busy("delete", id),
    refused: adminAction.answer("delete", id),
  };
}

interface Answer {
  message?: string;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A chosen member of staff's id; an empty choice is "Sin asignar". */
const assigneeOf = (form: FormData, name: string) => {
  const value = text(form, name);
  return value ? Number(value) : null;
};

/** Runs the change `form` asks for on `resource`'s records. */
export async function runAdminAction(resource: string, form: FormData): Promise<ActionResult> {
  const base = `admin/${encodeURIComponent(resource)}`;
  const intent = text(form, "intent");
  const id = Number(text(form, "id"));
  const title = text(form, "record_title") || undefined;
  try {
    const post = (path: string, body: object) =>
      api<Answer>("POST", `${base}/${path}`, body, { silent: true });
    /** A field the API takes as optional, sent only when the form has a value for it. */
    const optional = (name: string) => (text(form, name) ? { [name]: text(form, name) } : {});
    let answer: Answer;
    if (intent === "delete") {
      answer = await api<Answer>("GET", `${base}/delete/${id}`, undefined, { silent: true });
    } else if (intent === "status") {
      answer = await post("status", {
        id,
        status: text(form, "status"),
        ...optional("reason"),
        ...optional("amount"),
        ...optional("from"),
      });
    } else if (intent === "assign") {
      answer = await post("assign", {
        id,
        assignee_id: assigneeOf(form, "assignee_id"),
        ...(form.has("from") ? { from: assigneeOf(form, "from") } : {}),
      });
    } else if (intent === "follow_up") {
      answer = await post("follow-up", {
        id,
        on: text(form, "on") || null,
        note: text(form, "note"),
      });
    } else if (intent === "note") {
      answer = await post("notes", { id, body: text(form, "body") });
    } else if (intent === "reply") {
      answer = await post("reply", {
        id,
        subject: text(form, "subject"),
        message: text(form, "message"),
      });
    } else if (intent === "bulk") {
      const selection = text(form, "selection");
      answer = await post("bulk", {
        action: text(form, "action"),
        ...(selection === "all"
          ? {
              all_matching: true,
              query: Object.fromEntries(new URLSearchParams(text(form, "query"))),
            }
          : { ids: selection.split(",").map(Number) }),
        ...optional("status"),
        ...optional("reason"),
        ...(text(form, "action") === "assign"
          ? { assignee_id: assigneeOf(form, "assignee_id") }
          : {}),
      });
    } else {
      return { intent, ok: false, message: "Acción desconocida." };
    }
    // A one-click change names the record, what changed and to what, as the page's status line
    // says it: "Estado de «Ana — Cocina» cambiado a «Visita»." (the control sends its own title,
    // the server's, and the chosen option's).
    const fieldTitle = text(form, "field_title");
    const valueTitle = text(form, "value_title");
    const message =
      (intent === "status" || intent === "assign") && title && fieldTitle && valueTitle
        ? `${fieldTitle} de «${title}» cambiado a «${valueTitle}».`
        : answer?.message || "Hecho.";
    return { intent, id, title, ok: true, message };
  } catch (error) {
    console.error(`Admin ${intent} on ${resource} failed`, error);
    const errors = fieldErrorsOf(error);
    const firstError = Object.values(errors).flat()[0];
    return {
      intent,
      id,
      title,
      ok: false,
      message:
        firstError ?? refusalMessage(error) ?? "No se ha podido guardar. Intenta nuevamente.",
      errors,
    };
  }
}

/** Why a create or edit form was not saved: the server's messages per field, or one line. */
export interface SaveRefusal {
  message: string;
  errors?: Record<string, string[]>;
}

/** The create form's fields (no id), or the edit form's with the record's values. */
export async function loadAdminForm(
  resource: string,
  id?: string,
): Promise<{ form: AdminForm } | { failed: true; message?: string }> {
  const base = `admin/${encodeURIComponent(resource)}/create`;
  try {
    const path = id === undefined ? base : `${base}/${encodeURIComponent(id)}`;
    return { form: await api<AdminForm>("GET", path, undefined, { silent: true }) };
  } catch (error) {
    console.error(`Admin form of ${resource} failed to load`, error);
    // A record deleted meanwhile is named as such, as on its detail view: the server's 404 says so.
    return { failed: true, message: refusalMessage(error, [404]) };
  }
}

/**
 * Saves a create or edit form (its JSON body, values already typed): on success to the list with
 * the server's dialog (SPEC §9); otherwise the refusal, and the form keeps what was typed.
 */
export async function saveAdminForm(
  resource: string,
  request: Request,
  editing: boolean,
): Promise<Response | SaveRefusal> {
  const base = `admin/${encodeURIComponent(resource)}`;
  try {
    const answer = await api<{ title?: string; message?: string }>(
      "POST",
      editing ? `${base}/update` : `${base}/create`,
      await request.json(),
      { silent: true },
    );
    // The dialog gives focus back to the button that saved, which left with the form: the
    // list's heading takes it, so the next Tab starts in the list, not at the top of the page.
    void showSuccess(answer).then(() => {
      if (document.activeElement === document.body) {
        document.querySelector<HTMLElement>("main h1[tabindex]")?.focus();
      }
    });
    // SPEC §9's list, as staff left it (search, filters, page).
    return redirect(listPath(resource));
  } catch (error) {
    console.error(`Saving ${resource} failed`, error);
    const errors = fieldErrorsOf(error);
    if (Object.keys(errors).length) return { message: "Revisa los campos marcados.", errors };
    // A refusal on a rule (the role hierarchy: 403) says why; anything else stays generic.
    return { message: refusalMessage(error) ?? "No se ha podido guardar. Intenta nuevamente." };
  }
}

/** The files a list exports to: Excel's with typed cells, and CSV for other tools (207). */
export type ExportFormat = "xlsx" | "csv";

/**
 * Downloads the filtered list (GET /api/admin/{resource}/export.xlsx, or /export for CSV, with
 * the list's query) under the server's file name.
 */
export async function downloadExport(
  resource: string,
  search: URLSearchParams,
  format: ExportFormat,
): Promise<boolean> {
  const query = new URLSearchParams(search);
  query.delete("page");
  query.delete("per_page");
  const path = format === "xlsx" ? "export.xlsx" : "export";
  try {
    await downloadFile(
      `/api/admin/${encodeURIComponent(resource)}/${path}?${query.toString()}`,
      `${resource}.${format}`,
    );
    return true;
  } catch (error) {
    console.error(`Export of ${resource} failed`, error);
    return false;
  }
}
