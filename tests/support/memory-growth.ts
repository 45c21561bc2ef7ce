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
