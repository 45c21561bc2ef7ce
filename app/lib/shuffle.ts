import { useEffect, useState } from "react";

/** Fisher–Yates shuffle into a new array (the input is left as it is). */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = result[i] as T;
    result[i] = result[j] as T;
    result[j] = swap;
  }
  return result;
}

/**
 * The items in the given order during server rendering and hydration, then in a random order.
 * Shuffling in an effect keeps the pre-rendered HTML deterministic, so hydration never sees a
 * different list than the server sent.
 */
export function useShuffled<T>(items: readonly T[]): readonly T[] {
  const [order, setOrder] = useState<readonly T[]>(items);
  useEffect(() => {
    setOrder(shuffled(items));
  }, [items]);
  return order;
}
