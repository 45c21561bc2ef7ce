import { log } from "./log.ts";

/**
 * Runs `turn` at once and then every `everyMs`, on timers that do not keep the process alive,
 * one turn at a time (a slow one is not overlapped by the next). `stop` waits for a turn under
 * way, so the database can be closed after it. The retention sweep and the morning reminder
 * of unanswered leads run so (decisions 179, 198).
 */
export function repeat(turn: () => Promise<unknown>, everyMs: number): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const run = () => {
    if (stopped || running) return;
    running = turn()
      // Each task says what failed in its own words; this only keeps a surprise from ending
      // the process as an unhandled rejection.
      .catch((error) => log.error({ err: error }, "a repeated task failed"))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, 0);
  first.unref();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
