// A record's delete button on the list (row and card) and the detail view; `deletion` is
// useRecordDelete's (app/admin/lib/actions.ts): it asks staff to confirm first.
import type { ReactNode } from "react";
import type { useRecordDelete } from "~/admin/lib/actions";
import { SubmitButton } from "~/components/account/form-controls";

export function DeleteButton({
  deletion,
  children,
}: {
  deletion: Pick<ReturnType<typeof useRecordDelete>, "remove" | "deleting">;
  children: ReactNode;
}) {
  return (
    <SubmitButton
      type="button"
      variant="danger"
      pending={deletion.deleting}
      pendingLabel="Borrando..."
      onClick={deletion.remove}
    >
      {children}
    </SubmitButton>
  );
}
