import { useEffect, useRef, useSyncExternalStore } from "react";
import { nextSaid, percentOf, type Said, sizeOf } from "~/lib/upload-progress";
import { sendingMessages } from "../../content/quote-request";
import { upload } from "./sending";

/**
 * The photos' upload as it goes (decision 181): a bar and its figures, shown, not said (they
 * change with every few kilobytes); the form's live region is told each quarter (`nextSaid`).
 * Its figures are of the photos as sent, the size the live region announced; the bar moves with
 * the whole request, whose few kilobytes of text and framing go with them.
 */
export function UploadProgress({ bytes, say }: { bytes: number; say: (text: string) => void }) {
  const progress = useSyncExternalStore(upload.subscribe, upload.get, () => undefined);
  const part = progress && progress.total > 0 ? progress.loaded / progress.total : 0;
  const shown = { loaded: part * bytes, total: bytes };
  const said = useRef<Said>(undefined);
  useEffect(() => {
    said.current ??= { quarter: 0, at: performance.now() };
    const next = nextSaid(said.current, { loaded: part, total: 1 }, performance.now());
    if (!next) return;
    said.current = next;
    say(
      next.quarter === 4
        ? sendingMessages.sent
        : sendingMessages.quarter(percentOf({ loaded: next.quarter, total: 4 })),
    );
  }, [part, say]);
  return (
    <div className="mt-3 max-w-sm text-sm text-ink-soft">
      <progress
        aria-label={sendingMessages.progressName}
        value={shown.loaded}
        max={Math.max(1, bytes)}
        className="block h-2 w-full appearance-none overflow-hidden rounded-full bg-sand-200 [&::-moz-progress-bar]:bg-terracotta [&::-webkit-progress-bar]:bg-sand-200 [&::-webkit-progress-value]:bg-terracotta"
      />
      <p className="mt-1">
        {part === 1
          ? sendingMessages.sent
          : sendingMessages.progress(percentOf(shown), sizeOf(shown))}
      </p>
    </div>
  );
}
