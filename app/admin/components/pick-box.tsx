import type { AdminList } from "~/admin/lib/records";

/**
 * Whether rows can be picked: only where the bulk bar has something to do with them (a deletion
 * or a status), not in the audit log; a box that does nothing is a trap.
 */
export const picksRows = (list: AdminList) =>
  list.routes.includes("delete") || Boolean(list.tools?.status);

/** A box that picks a record (or the whole page) for the bulk actions, in the table and the cards. */
export function PickBox({
  label,
  checked,
  onToggle,
  className = "size-4",
}: {
  label: string;
  checked: boolean;
  onToggle: (on: boolean) => void;
  className?: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(event) => onToggle(event.target.checked)}
      className={`${className} accent-terracotta`}
    />
  );
}
