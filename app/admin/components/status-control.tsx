// One-click status change (issue 13): choosing a step saves it at once through the route's
// clientAction; the step that needs a reason (a lost lead) asks for it first. A step reached with
// the keyboard on the closed control waits for Enter or for the control to lose focus (decision
// 161; the pattern is one-click-choice.tsx's, which the assignee shares).
import { useId, useRef, useState } from "react";
import { useAdminAction } from "~/admin/lib/actions";
import type { AdminRecord, StatusTool } from "~/admin/lib/records";
import { useOneClickChoice } from "./one-click-choice";

/** A record's one-click status steps, in a list's row or card or on its own page. */
export function RecordStatus({ record, status }: { record: AdminRecord; status: StatusTool }) {
  const value = String(record[status.field] ?? "");
  // A new status from the server (a bulk change, a colleague's) is a new control: the old one
  // would keep showing the step it last chose.
  return (
    <StatusControl
      key={value}
      status={status}
      id={record.id}
      value={value}
      recordTitle={record.record_title}
    />
  );
}

function StatusControl({
  status,
  id,
  value,
  recordTitle,
}: {
  status: StatusTool;
  id: number;
  value: string;
  recordTitle: string;
}) {
  const action = useAdminAction();
  const [reason, setReason] = useState("");
  const [amount, setAmount] = useState("");
  const reasonInput = useRef<HTMLInputElement>(null);
  const busy = action.busy("status", id);
  const failed = action.answer("status", id);
  const optionTitle = (step: string) =>
    status.options.find((option) => option.value === step)?.title ?? step;
  const needsReasonFor = (step: string) => status.reason?.status === step;
  // A won lead is asked its amount (optional) before it is saved (decision 253).
  const asksAmountFor = (step: string) => status.amount?.status === step;
  const save = (next: string, why?: string, worth?: string) => {
    choice.rememberFocus();
    // `from`: the step shown, so a colleague's newer step is refused rather than undone.
    action.run({
      intent: "status",
      id: String(id),
      status: next,
      from: value,
      ...(why ? { reason: why } : {}),
      ...(worth?.trim() ? { amount: worth.trim().replace(",", ".") } : {}),
      // What the page's status line says once it is saved (the row may leave the list).
      record_title: recordTitle,
      field_title: status.title,
      value_title: optionTitle(next),
    });
  };
  const choice = useOneClickChoice({
    kind: "status",
    record: id,
    value,
    // A lost lead first asks for its reason: Enter moves to «Motivo», «Guardar» saves both.
    onCommit: (next, how) => {
      if (!needsReasonFor(next) && !asksAmountFor(next)) save(next);
      else if (how === "enter") reasonInput.current?.focus();
    },
  });
  const needsReason = needsReasonFor(choice.chosen) && choice.chosen !== value;
  const asksAmount = asksAmountFor(choice.chosen) && choice.chosen !== value;
  const refusal = failed && !failed.ok && !busy ? failed.message : "";
  // A refusal while «Motivo» is open describes the box, marked to mend when it was left empty.
  const refusalId = useId();

  return (
    <div className="flex flex-wrap items-center gap-2">
      <select
        {...choice.selectProps}
        aria-label={`${status.title}: ${recordTitle}`}
        disabled={busy}
        className="min-h-11 max-w-40 rounded-md border border-sand-300 bg-white px-2 py-1 text-sm text-ink"
      >
        {status.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.title}
          </option>
        ))}
      </select>
      {choice.hint}
      {needsReason ? (
        <>
          <input
            ref={reasonInput}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            aria-label={`${status.reason?.title}: ${recordTitle}`}
            aria-invalid={refusal && !reason.trim() ? true : undefined}
            aria-describedby={refusal ? refusalId : undefined}
            placeholder={status.reason?.title}
            className="min-h-11 rounded-md border border-sand-300 px-2 py-1 text-sm"
          />
          <button
            type="button"
            onClick={() => save(choice.chosen, reason)}
            className="min-h-11 rounded-md bg-ink px-3 py-1 text-sm text-plaster"
          >
            Guardar
          </button>
        </>
      ) : null}
      {asksAmount ? (
        <>
          <input
            ref={reasonInput}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            inputMode="decimal"
            aria-label={`${status.amount?.title}: ${recordTitle}`}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? refusalId : undefined}
            placeholder={status.amount?.title}
            className="min-h-11 w-40 rounded-md border border-sand-300 px-2 py-1 text-sm"
          />
          <button
            type="button"
            onClick={() => save(choice.chosen, undefined, amount)}
            className="min-h-11 rounded-md bg-ink px-3 py-1 text-sm text-plaster"
          >
            Guardar
          </button>
        </>
      ) : null}
      {(needsReason || asksAmount) && !busy ? (
        // The control already reads the new step: say it is not saved yet (a tap on a phone
        // reads as done).
        <span className="w-full text-sm text-terracotta-dark">
          «{optionTitle(choice.chosen)}» aún no está guardado: pulsa «Guardar».
        </span>
      ) : null}
      {busy ? <span className="text-sm text-ink-soft">Guardando...</span> : null}
      {refusal ? (
        <span id={refusalId} role="alert" className="text-sm text-terracotta-dark">
          {refusal}
        </span>
      ) : null}
    </div>
  );
}
