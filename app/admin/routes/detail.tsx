// /admin/:resource/detail/:id (issue 13): one record read-only, with e-mail and phone as links,
// its status and assignee one click away, its photos, its replies by mail, the internal notes (how staff correct or
// complete what a visitor sent: the visitor's own words are never edited) and its history from
// the audit log. Same access as the other admin screens (SPEC §2 online, verify, role). Each of
// those parts is a component of its own in app/admin/components/.
import { Link, redirect, useActionData } from "react-router";
import { AssigneeControl } from "~/admin/components/assignee-control";
import { AuditEntryChanges } from "~/admin/components/audit-entry-changes";
import { CreateProjectFromLead } from "~/admin/components/create-project-from-lead";
import { DraftPreview, isDraft, previewSections } from "~/admin/components/draft-preview";
import { FallbackHeading } from "~/admin/components/fallback-heading";
import { FollowUpForm } from "~/admin/components/follow-up-form";
import { LeadCallBar } from "~/admin/components/lead-call-bar";
import { LeadPhotos } from "~/admin/components/lead-photos";
import { LeadReplies } from "~/admin/components/lead-replies";
import { RecordButtons } from "~/admin/components/record-buttons";
import { RecordHistory } from "~/admin/components/record-history";
import { RecordMails } from "~/admin/components/record-mails";
import { RecordNotes } from "~/admin/components/record-notes";
import { RecordData } from "~/admin/components/record-value";
import { ScreenLoading } from "~/admin/components/screen-loading";
import { RecordStatus } from "~/admin/components/status-control";
import { type ActionResult, adminMeta, runAdminAction } from "~/admin/lib/actions";
import { useChoiceFocus } from "~/admin/lib/change-focus";
import { listPath } from "~/admin/lib/list-memory";
import { sectionWords } from "~/admin/lib/record-changes";
import { type AdminDetail, refusalMessage } from "~/admin/lib/records";
import { api } from "~/lib/api";
import { canManage, sectionTitle, useAuth } from "~/lib/auth";
import type { Route } from "./+types/detail";

// Before the clientLoader has run (the server's render) and when it failed: the section only.
export const meta = (args: Route.MetaArgs) => {
  const state = args.loaderData as DetailState | undefined;
  return adminMeta("detail")(
    args,
    state?.status === "ready" ? state.detail.data.record_title : undefined,
  );
};

/** `back`: the section's list as staff left it (its search, filters, order and page). */
type DetailState = { back: string } & (
  | { status: "ready"; detail: AdminDetail }
  | { status: "failed"; message?: string }
);

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const back = listPath(params.resource);
  try {
    const detail = await api<AdminDetail>(
      "GET",
      `admin/${encodeURIComponent(params.resource)}/detail/${encodeURIComponent(params.id)}`,
      undefined,
      { silent: true },
    );
    return { back, status: "ready", detail } satisfies DetailState;
  } catch (error) {
    console.error(`Admin detail of ${params.resource} ${params.id} failed`, error);
    // A record deleted meanwhile (by a colleague) is named as such: the server's 404 says so.
    return { back, status: "failed", message: refusalMessage(error, [404]) } satisfies DetailState;
  }
}
clientLoader.hydrate = true as const;

export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const result = await runAdminAction(params.resource, form);
  if (result.ok && form.get("intent") === "delete") {
    return redirect(listPath(params.resource));
  }
  return result;
}

export const HydrateFallback = () => <ScreenLoading width="max-w-5xl" />;

export default function AdminDetailScreen({ params, loaderData }: Route.ComponentProps) {
  const { resource } = params;
  const state = loaderData as DetailState;
  // A status or assignee change draws its control anew: focus goes back to it.
  const headingFocus = useChoiceFocus(loaderData);
  const changed = useActionData() as ActionResult | undefined;
  const { user } = useAuth();
  const back = (
    <Link to={state.back} className="text-ink underline">
      Volver a {sectionTitle(resource)}
    </Link>
  );
  if (state.status === "failed") {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8">
        {/* The screen keeps a heading (the section's name) to land on and to find it by. */}
        <h1 className="font-display text-3xl font-semibold text-ink">{sectionTitle(resource)}</h1>
        <p role="alert" className="mt-4 text-terracotta-dark">
          {state.message ?? "No se ha podido cargar el registro."}
        </p>
        <p className="mt-4">{back}</p>
      </div>
    );
  }
  const { detail } = state;
  const record = detail.data;
  const title = record.record_title;
  const status = detail.tools.status;
  // The mails' fields are said in full in their own lines (decision 180), not again in a word.
  const apart = new Set([
    status?.field,
    "assignee_id",
    "follow_up_on",
    "follow_up_note",
    ...(detail.mails ?? []).map((m) => m.field),
  ]);
  const fields = Object.entries(detail.parameter_titles).filter(([field]) => !apart.has(field));

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <p className="text-sm">{back}</p>
      <FallbackHeading focus={headingFocus} className="mt-2 wrap-anywhere">
        {title}
      </FallbackHeading>
      <div className="mt-4 flex flex-wrap items-end gap-6">
        {status ? (
          <div>
            <p className="text-sm font-medium text-ink-soft">{status.title}</p>
            <RecordStatus record={record} status={status} />
          </div>
        ) : null}
        {detail.assignees ? (
          <AssigneeControl
            // Uncontrolled: a new assignee from the server (after a refusal too) is a new control.
            key={String(record.assignee_id ?? "")}
            id={record.id}
            value={record.assignee_id}
            options={detail.assignees}
            title={detail.parameter_titles.assignee_id ?? "Responsable"}
            recordTitle={title}
          />
        ) : null}
        <RecordButtons resource={resource} detail={detail} title={title} />
        {previewSections.includes(resource) && isDraft(resource, record) ? (
          <DraftPreview resource={resource} id={record.id} />
        ) : null}
      </div>
      {/* A status or assignee saved is said, as the list says a status change (decision 169). */}
      <p role="status" className="mt-2 min-h-6 text-olive">
        {changed?.ok && (changed.intent === "status" || changed.intent === "assign")
          ? changed.message
          : ""}
      </p>
      {"follow_up_on" in record ? (
        <FollowUpForm
          key={`${record.follow_up_on ?? ""}|${record.follow_up_note ?? ""}`}
          id={record.id}
          on={(record.follow_up_on as string | null) ?? null}
          note={(record.follow_up_note as string | null) ?? null}
        />
      ) : null}
      {resource === "contacts" && record.status === "ganado" && canManage(user, "projects") ? (
        <CreateProjectFromLead leadId={record.id} hasPhotos={Boolean(detail.photos?.length)} />
      ) : null}
      {/* Whether the visitor got the confirmation: the lead to phone is the one it did not reach. */}
      {detail.mails ? <RecordMails mails={detail.mails} /> : null}

      <section
        aria-labelledby="datos"
        className="mt-8 rounded-xl border border-sand-200 bg-white p-5"
      >
        <h2 id="datos" className="font-display text-xl font-semibold text-ink">
          Datos
        </h2>
        <RecordData
          fields={fields}
          record={record}
          titles={detail.value_titles}
          dates={new Set(detail.date_fields ?? [])}
          onlyFilled
          className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2"
          fieldClassName={(field) => (field === "message" ? "sm:col-span-2" : undefined)}
          valueClassName="wrap-anywhere whitespace-pre-line text-ink"
        />
      </section>

      {detail.photos?.length ? (
        <LeadPhotos key={record.id} id={String(record.id)} listed={detail.photos} />
      ) : null}

      {detail.replies ? (
        <LeadReplies id={record.id} name={String(record.name ?? "")} replies={detail.replies} />
      ) : null}

      {detail.notes ? <RecordNotes id={record.id} notes={detail.notes} /> : null}

      {detail.audit_entry ? (
        // An entry of the audit log has no history of its own: what it changed is its content.
        <AuditEntryChanges entry={detail.audit_entry} action={String(record.action ?? "")} />
      ) : (
        <RecordHistory entries={detail.history} words={sectionWords(detail)} />
      )}
      {detail.replies || record.phone ? (
        <>
          {/* Room under the page's end for the phone's call bar. */}
          <div className="h-16 md:hidden" />
          <LeadCallBar phone={String(record.phone ?? "")} canReply={Boolean(detail.replies)} />
        </>
      ) : null}
    </div>
  );
}
