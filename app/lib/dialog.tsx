// Success, error and confirmation popups (SPEC §4, §8) through ONE native <dialog> opened with
// showModal(): the browser traps focus, closes on Escape and returns focus to where it was.
// Anything may ask for a dialog (api.ts, forms); requests queue so none is lost.
import { useEffect, useRef, useSyncExternalStore } from "react";

interface DialogRequest {
  kind: "success" | "error" | "confirm";
  title: string;
  message: string;
  details: string[];
  confirmLabel?: string;
  resolve: (confirmed: boolean) => void;
}

let queue: DialogRequest[] = [];

// The browser returns focus to what was focused when the dialog opened; but a submit button
// that disables itself while its request runs has already dropped focus to <body> by then.
// Remember the last control that held focus, to give it back in that case.
let lastFocused: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener("focusin", (event) => {
    const target = event.target as HTMLElement;
    if (!target.closest?.("dialog")) lastFocused = target;
  });
}
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function enqueue(request: Omit<DialogRequest, "resolve">): Promise<boolean> {
  return new Promise((resolve) => {
    queue = [...queue, { ...request, resolve }];
    for (const listener of listeners) listener();
  });
}

function settle(confirmed: boolean) {
  const [current, ...rest] = queue;
  queue = rest;
  for (const listener of listeners) listener();
  current?.resolve(confirmed);
}

const nonEmpty = (value: string | undefined): value is string =>
  typeof value === "string" && value.trim() !== "";

/** Response title/message with the spec's defaults 'Bien' / 'Todo bien'; resolves when closed. */
export async function showSuccess(response?: { title?: string; message?: string }): Promise<void> {
  await enqueue({
    kind: "success",
    title: nonEmpty(response?.title) ? response.title : "Bien",
    message: nonEmpty(response?.message) ? response.message : "Todo bien",
    details: [],
  });
}

/** Defaults 'Error' / 'Algo salió mal. Intenta nuevamente.'; `details` become a list (422 fields). */
export async function showError(
  title?: string,
  message?: string,
  details: string[] = [],
): Promise<void> {
  await enqueue({
    kind: "error",
    title: nonEmpty(title) ? title : "Error",
    message:
      nonEmpty(message) || details.length > 0
        ? (message ?? "")
        : "Algo salió mal. Intenta nuevamente.",
    details,
  });
}

/** A yes/no question (e.g. before deleting); resolves true only when confirmed. */
export function askConfirmation(
  title: string,
  message: string,
  confirmLabel = "Aceptar",
): Promise<boolean> {
  return enqueue({ kind: "confirm", title, message, details: [], confirmLabel });
}

/** Mounted once in app/root.tsx. */
export function DialogHost() {
  const current = useSyncExternalStore(
    subscribe,
    () => queue[0],
    () => undefined,
  );
  const ref = useRef<HTMLDialogElement>(null);
  const confirmed = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (current && dialog && !dialog.open) {
      confirmed.current = false;
      dialog.showModal();
    }
  }, [current]);

  const tone = current?.kind === "error" ? "text-terracotta-dark" : "text-ink";
  return (
    <dialog
      ref={ref}
      aria-labelledby="app-dialog-title"
      aria-describedby="app-dialog-message"
      onClose={() => {
        // Focus left on <body>, or still on the closed dialog's button: give it back.
        const active = document.activeElement;
        const lost = !active || active === document.body || ref.current?.contains(active);
        if (lost && lastFocused?.isConnected) {
          lastFocused.focus();
        }
        settle(confirmed.current);
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg bg-plaster p-6 text-ink shadow-xl backdrop:bg-ink/50"
    >
      {current ? (
        <form method="dialog">
          <h2 id="app-dialog-title" className={`font-display text-xl font-semibold ${tone}`}>
            {current.title}
          </h2>
          <div id="app-dialog-message" className="mt-3 text-ink-soft">
            {/* A 422's body is its list of fields (SPEC §8); the summary would repeat it. */}
            {current.message && current.details.length === 0 ? <p>{current.message}</p> : null}
            {current.details.length > 0 ? (
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {current.details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </div>
          <div className="mt-6 flex justify-end gap-3">
            {current.kind === "confirm" ? (
              <button
                type="submit"
                // biome-ignore lint/a11y/noAutofocus: APG: a destructive question focuses the safe answer
                autoFocus
                className="rounded-md border border-ink/30 px-4 py-2 font-medium hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
              >
                Cancelar
              </button>
            ) : null}
            <button
              type="submit"
              // biome-ignore lint/a11y/noAutofocus: the dialog's only action takes focus when it opens
              autoFocus={current.kind !== "confirm"}
              onClick={() => {
                confirmed.current = true;
              }}
              className="rounded-md bg-terracotta px-4 py-2 font-medium text-white hover:bg-terracotta-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
            >
              {current.kind === "confirm" ? current.confirmLabel : "Aceptar"}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
