// A table row's actions behind one button (issue 37: «Borrar moves into a row menu»), so the
// inbox's row fits a 1280 px screen beside the navigation with its phone and Responsable columns.
// Written here rather than taken from a library: the admin has no menu library, and this one is
// a disclosure (a button and the list it shows), not an ARIA menu with roving focus, which is
// the pattern WAI's APG recommends for a handful of links and buttons.
import { type ReactNode, useEffect, useId, useRef, useState } from "react";

export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  const [place, setPlace] = useState<{ top: number; right: number }>();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  const open = place !== undefined;

  useEffect(() => {
    if (!open) return;
    const close = () => setPlace(undefined);
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !toggle.current?.contains(target)) close();
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      toggle.current?.focus();
    };
    // The panel is placed on the screen (a table that scrolls sideways would clip it): it
    // closes rather than float away when the page moves.
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", onEscape);
    window.addEventListener("scroll", close, { capture: true, passive: true });
    window.addEventListener("resize", close);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", onEscape);
      window.removeEventListener("scroll", close, { capture: true });
      window.removeEventListener("resize", close);
    };
  }, [open]);

  return (
    <>
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={label}
        onClick={() => {
          if (open) return setPlace(undefined);
          const box = toggle.current?.getBoundingClientRect();
          if (box) setPlace({ top: box.bottom + 4, right: window.innerWidth - box.right });
        }}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-ink/30 font-semibold text-ink hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-focus"
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <div
          ref={panel}
          id={id}
          style={place}
          // A choice in the panel closes it and hands focus back to its button first, so a
          // confirmation opened from it returns focus to a control that is still there. Closed
          // once the click is over: closed at once, the panel left the page before the choice's
          // own onClick ran (React finishes the capture's update first), and «Borrar» did nothing.
          onClickCapture={() => {
            toggle.current?.focus();
            setTimeout(() => setPlace(undefined));
          }}
          className="fixed z-20 flex min-w-36 flex-col gap-1 rounded-md border border-sand-200 bg-white p-2 shadow-lg"
        >
          {children}
        </div>
      ) : null}
    </>
  );
}
