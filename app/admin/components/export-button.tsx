import { useState } from "react";
import { downloadExport, type ExportFormat } from "~/admin/lib/actions";
import { SubmitButton } from "~/components/account/form-controls";

/** What each export is called: Excel's file for staff, CSV for other tools (decision 207). */
const exportNames: Record<ExportFormat, { button: string; done: string }> = {
  xlsx: { button: "Exportar Excel", done: "Lista exportada en Excel (.xlsx)." },
  csv: { button: "Exportar CSV", done: "Lista exportada en CSV." },
};

/**
 * The list as it is filtered and sorted, as a file (decision 143): an .xlsx for Excel or a CSV
 * (decision 207); `onDone` says how it went.
 */
export function ExportButton({
  resource,
  search,
  format,
  onDone,
}: {
  resource: string;
  search: URLSearchParams;
  format: ExportFormat;
  onDone: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <SubmitButton
      type="button"
      variant="secondary"
      pending={busy}
      pendingLabel="Exportando..."
      onClick={async () => {
        setBusy(true);
        const done = await downloadExport(resource, search, format);
        setBusy(false);
        onDone(done ? exportNames[format].done : "No se ha podido exportar. Intenta nuevamente.");
      }}
    >
      {exportNames[format].button}
    </SubmitButton>
  );
}
