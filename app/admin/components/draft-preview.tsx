// «Vista previa» on a draft project, opinion or team member (decisions 250, 270): the server
// opens a link of an hour that shows the draft as visitors will see it; staff open it here or
// pass it on. A new link replaces the previous one.
import { useState } from "react";
import { Refusal } from "~/admin/components/refusal";
import { refusalMessage } from "~/admin/lib/records";
import { api } from "~/lib/api";

/** The sections whose drafts have a preview link. */
export const previewSections = ["projects", "reviews", "team"];

/** Whether a record of `resource` is a draft: a project's «Borrador», the others unpublished. */
export const isDraft = (resource: string, record: Record<string, unknown>) =>
  resource === "projects" ? record.status === "draft" : record.published === false;

export function DraftPreview({ resource, id }: { resource: string; id: number }) {
  const [url, setUrl] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string>();

  const open = async () => {
    setBusy(true);
    setRefused(undefined);
    try {
      const answer = await api<{ url: string }>(
        "POST",
        `admin/${resource}/${id}/preview`,
        {},
        { silent: true },
      );
      setUrl(new URL(answer.url, window.location.origin).href);
    } catch (error) {
      console.error(`The preview of ${resource} ${id} failed`, error);
      setRefused(refusalMessage(error, [404]) ?? "No se ha podido preparar la vista previa.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        disabled={busy}
        onClick={open}
        className="rounded-md border border-ink/30 px-4 py-2 font-medium text-ink hover:bg-sand-100 disabled:opacity-60"
      >
        {busy ? "Preparando..." : "Vista previa"}
      </button>
      <p role="status" className="text-sm text-ink">
        {url ? (
          <>
            <a href={url} target="_blank" rel="noopener" className="font-medium underline">
              Abrir la vista previa
            </a>{" "}
            <span className="text-ink-soft">(el enlace sirve durante una hora: {url})</span>
          </>
        ) : null}
      </p>
      <Refusal
        answer={refused ? { ok: false, message: refused } : undefined}
        className="text-sm text-terracotta-dark"
      />
    </div>
  );
}
