// /admin/:resource/index (SPEC §2, online, verify, role): the resource's records as cards, with
// the actions the server allows (its `routes`), page links and delete-after-confirmation.
// SPEC §8: failures of these calls show no dialog and are logged; the page still says in one
// line that the list could not be loaded, so staff never mistake a failure for an empty list
// (docs/decisions/053-admin-failures.md).
import { useCallback, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { SubmitButton } from "~/components/account/form-controls";
import { Pagination } from "~/components/admin/pagination";
import {
  type AdminList,
  type AdminRecord,
  formatValue,
  pageFromSearch,
  refusalMessage,
} from "~/lib/admin";
import { api } from "~/lib/api";
import { sectionTitle } from "~/lib/auth";
import { askConfirmation } from "~/lib/dialog";
import { noindexMeta } from "~/lib/seo";
import { adminPages } from "../../../content/account-pages";
import type { Route } from "./+types/index";

export const meta = ({ params }: Route.MetaArgs) =>
  noindexMeta({ title: sectionTitle(params.resource), ...adminPages.index });

type ListState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; list: AdminList };

export default function AdminIndex({ params }: Route.ComponentProps) {
  const { resource } = params;
  const [search] = useSearchParams();
  const page = pageFromSearch(search);
  const [state, setState] = useState<ListState>({ status: "loading" });
  const [notice, setNotice] = useState("");

  const load = useCallback(
    async (signal?: { cancelled: boolean }) => {
      setState({ status: "loading" });
      try {
        const list = await api<AdminList>(
          "GET",
          `admin/${encodeURIComponent(resource)}?page=${page}`,
          undefined,
          { silent: true },
        );
        if (!signal?.cancelled) setState({ status: "ready", list });
      } catch (error) {
        console.error(`Admin list of ${resource} failed`, error);
        if (!signal?.cancelled) setState({ status: "failed" });
      }
    },
    [resource, page],
  );

  useEffect(() => {
    const signal = { cancelled: false };
    void load(signal);
    return () => {
      signal.cancelled = true;
    };
  }, [load]);

  const title = sectionTitle(resource);
  const routes = state.status === "ready" ? state.list.routes : [];
  const can = (action: string) => routes.includes(action);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-14">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">{title}</h1>
        {can("create") ? (
          <Link
            to={`/admin/${resource}/create`}
            className="rounded-md bg-terracotta px-4 py-2 font-medium text-white hover:bg-terracotta-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ochre"
          >
            Crear
          </Link>
        ) : null}
      </div>
      <p role="status" className="mt-2 min-h-6 text-olive">
        {notice}
      </p>
      {state.status === "loading" ? (
        <p lang="en" className="mt-6 text-ink-soft">
          Loading...
        </p>
      ) : null}
      {state.status === "failed" ? (
        <div role="alert" className="mt-6 text-terracotta-dark">
          No se ha podido cargar la lista.{" "}
          <button type="button" className="font-medium underline" onClick={() => void load()}>
            Reintentar
          </button>
        </div>
      ) : null}
      {state.status === "ready" && state.list.data.data.length === 0 ? (
        <p className="mt-6 text-ink-soft">No hay datos disponibles para mostrar.</p>
      ) : null}
      {state.status === "ready" && state.list.data.data.length > 0 ? (
        <>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {state.list.data.data.map((record) => (
              <RecordCard
                key={record.id}
                resource={resource}
                record={record}
                titles={state.list.parameter_titles}
                canUpdate={can("update")}
                canDelete={can("delete")}
                screens={state.list.screens ?? []}
                onDeleted={(message) => {
                  setNotice(message);
                  void load();
                }}
              />
            ))}
          </ul>
          <Pagination current={state.list.data.current_page} last={state.list.data.last_page} />
        </>
      ) : null}
    </div>
  );
}

function RecordCard({
  resource,
  record,
  titles,
  canUpdate,
  canDelete,
  screens,
  onDeleted,
}: {
  resource: string;
  record: AdminRecord;
  titles: Record<string, string>;
  screens: { path: string; label: string }[];
  canUpdate: boolean;
  canDelete: boolean;
  onDeleted: (message: string) => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState("");
  const headingId = `record-${record.id}`;

  const remove = async () => {
    const confirmed = await askConfirmation(
      "¿Borrar este registro?",
      "Se borrará de forma definitiva. Esta acción no se puede deshacer.",
      "Borrar",
    );
    if (!confirmed) return;
    setDeleting(true);
    setFailure("");
    try {
      const answer = await api<{ message?: string }>(
        "GET",
        `admin/${encodeURIComponent(resource)}/delete/${record.id}`,
        undefined,
        { silent: true },
      );
      onDeleted(answer?.message || "Registro borrado.");
    } catch (error) {
      console.error(`Deleting ${resource} ${record.id} failed`, error);
      // A refusal on a rule (own account, a super admin's, the last one) says why.
      setFailure(refusalMessage(error) ?? "No se ha podido borrar. Intenta nuevamente.");
      setDeleting(false);
    }
  };

  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col rounded-xl border border-sand-200 bg-white p-5 shadow-sm"
    >
      <h2 id={headingId} className="font-display text-lg font-semibold text-ink">
        Registro n.º {record.id}
      </h2>
      <dl className="mt-3 flex-1 space-y-2 text-sm">
        {Object.entries(titles).map(([field, label]) => (
          <div key={field}>
            <dt className="font-medium text-ink-soft">{label}</dt>
            <dd className="line-clamp-5 break-words whitespace-pre-line text-ink">
              {formatValue(record[field])}
            </dd>
          </div>
        ))}
      </dl>
      {failure ? (
        <p role="alert" className="mt-3 text-sm text-terracotta-dark">
          {failure}
        </p>
      ) : null}
      {canUpdate || canDelete || screens.length ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {screens.map((screen) => (
            <Link
              key={screen.path}
              to={`/admin/${resource}/${screen.path}/${record.id}`}
              aria-label={`${screen.label}: registro n.º ${record.id}`}
              className="rounded-md border border-ink/30 px-4 py-2 font-medium text-ink hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-ochre"
            >
              {screen.label}
            </Link>
          ))}
          {canUpdate ? (
            <Link
              to={`/admin/${resource}/update/${record.id}`}
              aria-label={`Editar el registro n.º ${record.id}`}
              className="rounded-md border border-ink/30 px-4 py-2 font-medium text-ink hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-ochre"
            >
              Editar
            </Link>
          ) : null}
          {canDelete ? (
            <SubmitButton
              type="button"
              variant="danger"
              pending={deleting}
              pendingLabel="Borrando..."
              onClick={remove}
            >
              Borrar<span className="sr-only"> el registro n.º {record.id}</span>
            </SubmitButton>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
