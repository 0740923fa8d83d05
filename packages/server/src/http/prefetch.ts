/**
 * Runs a batch source to its first batch now. A download awaits this before it sends any header,
 * so a failing query becomes a proper error answer instead of a 200 whose file is cut off; the
 * returned generator yields that first batch, then the rest.
 */
export async function firstBatchFetched<T>(source: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await source.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* source;
  })();
}
