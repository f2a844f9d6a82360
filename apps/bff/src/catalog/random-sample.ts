/** `count` of the items (all when fewer) in random order; the array given is left as it is (it may be cached). */
export function randomSample<T>(items: readonly T[], count: number): T[] {
  const pool = [...items];
  const size = Math.min(count, pool.length);
  // Fisher–Yates, stopped once the first `size` places are drawn.
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(Math.random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, size);
}
