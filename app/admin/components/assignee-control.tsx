import { useOneClickChoice } from "~/admin/components/one-click-choice";
import { Refusal } from "~/admin/components/refusal";
import { useAdminAction } from "~/admin/lib/actions";

/**
 * Who follows the lead, one click away: saved at once from the mouse or the open list, and from
 * the keyboard on Enter or on leaving it (the status's pattern, decision 169), so going down the
 * names with ↓ saves only the one chosen.
 */
export function AssigneeControl({
  id,
  value,
  options,
  title,
  recordTitle,
}: {
  id: number;
  value: unknown;
  options: { id: number; title: string }[];
  title: string;
  recordTitle: string;
}) {
  const adminAction = useAdminAction();
  const refused = adminAction.answer("assign", id);
  const shown = value == null ? "" : String(value);
  const choice = useOneClickChoice({
    kind: "assignee",
    record: id,
    value: shown,
    onCommit: (next) => {
      choice.rememberFocus();
      adminAction.run({
        intent: "assign",
        id: String(id),
        assignee_id: next,
        // `from`: who the control showed, so a colleague's newer choice is refused, not undone.
        from: shown,
        record_title: recordTitle,
        field_title: title,
        value_title: options.find((option) => String(option.id) === next)?.title ?? UNASSIGNED,
      });
    },
  });
  return (
    <div className="text-sm font-medium text-ink-soft">
      <label>
        {title}
        <select
          {...choice.selectProps}
          className="mt-1 block rounded-md border border-sand-300 bg-white px-2 py-1 text-ink"
          disabled={adminAction.busy("assign", id)}
        >
          <option value="">{UNASSIGNED}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.title}
            </option>
          ))}
        </select>
      </label>
      {choice.hint}
      <Refusal answer={refused} as="span" className="block text-terracotta-dark" />
    </div>
  );
}

const UNASSIGNED = "Sin asignar";
