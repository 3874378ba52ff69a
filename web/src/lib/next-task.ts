type Scheduler = { yield?: () => Promise<void> };

/**
 * Resumes in a task of its own, so the work before and after it are two short tasks instead of one long one that
 * blocks input (Lighthouse counts each task's time beyond 50 ms on a phone). scheduler.yield() resumes ahead of other
 * queued work; where it is missing (older browsers) a zero timeout does the same job a little later, or with `orNow`
 * the caller goes on at once (Node in unit tests, where a timer would wait on fake clocks).
 */
export function nextTask(orNow = false): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return orNow ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, 0));
}
