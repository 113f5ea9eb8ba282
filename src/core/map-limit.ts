// Bounded concurrency, the one helper every room that fans work out uses (the run's candidates, its lookups
// before them, the bench's loops).

/** Runs `work` over `items` with at most `limit` at once; results keep the input order. */
export async function mapLimit<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  // After a failure no item starts: the call has already rejected, and nobody would see their work.
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
