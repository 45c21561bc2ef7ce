import { useState } from "react";
import { downloadExport } from "~/admin/lib/actions";
import { SubmitButton } from "~/components/account/form-controls";

/** The list as it is filtered and sorted, as a CSV file (decision 143); `onDone` says how it went. */
export function ExportButton({
  resource,
  search,
  onDone,
}: {
  resource: string;
  search: URLSearchParams;
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
        const done = await downloadExport(resource, search);
        setBusy(false);
        onDone(done ? "Lista exportada en CSV." : "No se ha podido exportar. Intenta nuevamente.");
      }}
    >
      Exportar CSV
    </SubmitButton>
  );
}
