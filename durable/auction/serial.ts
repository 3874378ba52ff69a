/**
 * Runs async work one at a time, in arrival order. A Durable Object's input gate does not hold while it awaits D1, so
 * without this two bids could read the same price; with it, each bid sees the one before it.
 */
export class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.tail.then(work, work);
    this.tail = next.catch(() => undefined);
    return next;
  }
}
