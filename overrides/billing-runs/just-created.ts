/**
 * The billing runs created in this tab and not yet told ended (docs/billing.md "Billing
 * runs"): the create dialog marks each (the override's `onCreated`), and the run's dialog
 * follows a marked run to its end even when it has ended before its progress is first read
 * (a small run bills within a second), so that the bell always says how it ended.
 */
const created = new Set<string>();

/** Marks run `id` as created here. */
export function markCreated(id: unknown): void {
  created.add(String(id));
}

/** Whether run `id` was created here and not yet told ended; unmarks it. */
export function takeCreated(id: unknown): boolean {
  return created.delete(String(id));
}
