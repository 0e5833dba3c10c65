/**
 * Row-level authorization of writes: runs a resource's `authorizeWrite` hook (if it has
 * one) and turns a refusal into a 403 `{"detail": reason}` (docs/api.md "Errors"). The engine
 * knows nothing of what a hook checks; it only hands it who writes and what.
 */
import { detailError } from '../../http/errors';
import type { CompiledResource } from './registry';
import type { AuthorizationContext } from './types';

/**
 * Runs `resource`'s `authorizeWrite` hook with `context`, then its `guardWrite`.
 *
 * @throws {ApiError} 403 with the hook's reason when it refuses; the guard's error (409)
 * when the change would alter what other rows were computed from.
 */
export async function assertWriteAuthorized(
  resource: CompiledResource,
  context: AuthorizationContext,
): Promise<void> {
  const reason = await resource.def.authorizeWrite?.(context);
  if (reason) throw detailError(403, reason);
  const conflict = await resource.def.guardWrite?.(context);
  if (conflict) throw conflict;
}
