// The WAI-ARIA disclosure pattern (ARCHITECTURE.md: menus are disclosure navigation): a button
// that shows and hides what it controls, the same with touch, mouse and keyboard. One hook for
// every menu, dropdown and folding panel, so each says its state the same way.
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * A button's disclosure: spread `button` on the `<button>`, put `id` on what it shows (hidden
 * while `open` is false).
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = {
    type: "button" as const,
    "aria-expanded": open,
    "aria-controls": id,
    onClick: () => setOpen((was) => !was),
  };
  return { open, setOpen, id, button };
}

/**
 * A dropdown's disclosure: as `useDisclosure`, and it closes when the page changes, on Escape
 * (focus back to its button) and on a press outside `root`, the element around button and list.
 */
export function useDropdown<Root extends HTMLElement>() {
  const disclosure = useDisclosure();
  const { open, setOpen } = disclosure;
  const root = useRef<Root>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of navigating
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, setOpen]);
  return { ...disclosure, root, button: { ...disclosure.button, ref: button } };
}
