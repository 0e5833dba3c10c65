/**
 * The app session's abilities outside React (route guards), loaded on first use by
 * `appMayUse` (app-session.ts) and built into the signed-in page's chunk (build/chunks.ts),
 * so that the login page does without CASL.
 */
import { abilityOf, canUse } from './abilities';
import { authSession } from './session';

/** Whether the app session's user may use `privilege` (null: an open area; docs/product.md §6). */
export function appCanUse(privilege: string | null): boolean {
  return canUse(abilityOf(authSession.store), privilege);
}
