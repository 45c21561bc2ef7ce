import { readFileSync, writeFileSync } from "node:fs";

/**
 * The largest `heapUsed + arrayBuffers` while `work` runs, over the start's, in MiB, sampled
 * every 5 ms. `beforeSample` (a garbage collection) runs before each reading when given, so what
 * is read is what the work holds, not what the collector has yet to free (decision 195).
 */
export async function memoryGrowthMiB(
  work: () => Promise<unknown>,
  beforeSample: () => void = () => {},
): Promise<number> {
  const held = () => {
    beforeSample();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const before = held();
  let peak = before;
  const watch = setInterval(() => {
    peak = Math.max(peak, held());
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(watch);
  }
  return (Math.max(peak, held()) - before) / 1024 / 1024;
}

/**
 * The largest resident set size while `work` runs, over the start's, in MiB: memory outside V8
 * too, such as libvips' pixel buffers while an image is decoded (decision 203). Sampled every
 * 5 ms; on Linux the kernel's own peak (VmHWM, reset first through /proc/self/clear_refs) catches
 * what the samples miss.
 */
export async function residentGrowthMiB(work: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage.rss();
  let peak = before;
  let kernelPeak = false;
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    kernelPeak = true;
  } catch {
    // not Linux, or not allowed: the samples alone
  }
  const watch = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(watch);
  }
  peak = Math.max(peak, process.memoryUsage.rss());
  if (kernelPeak) {
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
    if (hwm) peak = Math.max(peak, Number(hwm) * 1024);
  }
  return (peak - before) / 1024 / 1024;
}
