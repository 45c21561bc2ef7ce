// The one set of field parts every form in app/ is built from (issue 11; decision 149): the
// contact form, the account screens and the admin form. What a field says around its control
// (label, marks, hint, the server's messages and the ARIA that ties them to the control) is
// written once, here; the controls' look and the password toggle of the account and admin forms
// are in account/form-controls.tsx, the quote form's larger touch targets in its route.
import { type FocusEvent, type ReactNode, useId } from "react";
import { ApiError } from "~/lib/api";

/**
 * The 422 field map of an API failure (SPEC §5), to mark fields next to the dialog. Here, with
 * the parts that show it, so every form that has fields has it without another script.
 */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const errors = (error.body as { errors?: unknown } | undefined)?.errors;
  if (!errors || typeof errors !== "object") return {};
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).map(([field, messages]) => [
      field,
      Array.isArray(messages) ? messages.map(String) : [String(messages)],
    ]),
  );
}

export function RequiredMark() {
  return (
    <span className="text-terracotta-dark" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

/** The server's messages for one field, named by the control's `aria-describedby`. */
export function FieldMessages({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-terracotta-dark">
      {messages.join(" ")}
    </p>
  );
}

/**
 * Focus reaching a control that is only partly in view brings the whole of it into view, with
 * its label when the label sits above it: clear of the sticky header and, on phones, of the call
 * bar fixed at the bottom (html's scroll-padding, app.css). Browsers scroll a focused text field
 * only as far as its caret, so «Mensaje» reached with its first line above the bar kept its other
 * five lines under it for good (decision 178), and a field the form jumped to with an error kept
 * its label under the header. A control wholly out of view is brought in too (the browser did
 * not always), and one wholly in view with its label stays where it is.
 */
export function revealWholeControl(event: FocusEvent<HTMLElement>) {
  const control = event.currentTarget;
  const padding = getComputedStyle(document.documentElement);
  const top = Number.parseFloat(padding.scrollPaddingTop) || 0;
  const bottom = window.innerHeight - (Number.parseFloat(padding.scrollPaddingBottom) || 0);
  const box = fieldBox(control);
  const partly = (box.top < top && box.bottom > top) || (box.top < bottom && box.bottom > bottom);
  /** The least scroll that shows the box, its top first when both ends cannot be shown. */
  const reveal = (behavior: ScrollBehavior) => {
    const now = fieldBox(control);
    const by =
      now.top < top
        ? now.top - top
        : now.bottom > bottom
          ? Math.min(now.bottom - bottom, now.top - top)
          : 0;
    if (by) window.scrollBy({ top: by, behavior });
  };
  // A frame later: the browser's own scroll to the caret, which comes after this event, would
  // otherwise cut this one short.
  if (partly) requestAnimationFrame(() => reveal("auto"));
  // Wholly out of view: Chromium left a radio button reached from a step's heading below the
  // screen (decision 265). Brought in at once, as the browser's own jump to a field would be.
  else if (box.top >= bottom || box.bottom <= top) requestAnimationFrame(() => reveal("instant"));
  // A smooth scroll still under way (the field before's, on a quick Tab) can carry this one out
  // of view after the checks above: looked at again when the page stops, within a second.
  const again = () => {
    if (document.activeElement === control) reveal("auto");
  };
  window.addEventListener("scrollend", again, { once: true });
  setTimeout(() => window.removeEventListener("scrollend", again), 1_000);
}

/** A control and, when it sits above it (a field's), its label: one box to show. */
function fieldBox(control: HTMLElement): { top: number; bottom: number } {
  const box = control.getBoundingClientRect();
  const label = (control as HTMLInputElement).labels?.[0]?.getBoundingClientRect();
  return label && label.bottom <= box.top + 1 ? { top: label.top, bottom: box.bottom } : box;
}

/** What a field hands its control: the id its label points at, the texts describing it, and what focus on it does. */
export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * A visible label above its control, the required mark (or "(opcional)" where a form marks its
 * optional fields instead, as the long quote form does), a hint and the server's messages.
 */
export function Field({
  label,
  required = false,
  markOptional = false,
  hint,
  describedBy,
  errors,
  className,
  children,
}: {
  label: string;
  required?: boolean;
  markOptional?: boolean;
  hint?: string;
  /** Another text on the page that also describes this control. */
  describedBy?: string;
  errors?: string[];
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const invalid = errors?.length ? true : undefined;
  const describedByIds = [hint && `${id}-hint`, describedBy, invalid && `${id}-error`]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium text-ink">
        {label}
        {required ? <RequiredMark /> : null}
        {/* A space, not a margin: the label's name is then «Correo electrónico (opcional)»,
            not «Correo electrónico(opcional)», for screen readers and voice control. */}
        {!required && markOptional ? (
          <span className="text-sm font-normal text-ink-soft"> (opcional)</span>
        ) : null}
      </label>
      {children({
        id,
        "aria-describedby": describedByIds || undefined,
        "aria-invalid": invalid,
        onFocus: revealWholeControl,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      <FieldMessages id={`${id}-error`} messages={errors} />
    </div>
  );
}
