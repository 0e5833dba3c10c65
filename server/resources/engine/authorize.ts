/**
 * Row-level authorization of writes: runs a resource's `authorizeWrite` hook (if it has
 * one) and turns a refusal into a 403 `{"detail": reason}` (docs/api.md "Errors"). The engine
 * knows nothing of what a hook checks; it only hands it who writes and what.
 */
import { detailError } from '../../http/errors';
import type { CompiledResource } from './registry';
import type { AuthorizationContext } from './types';

/**
 * Runs `resource`'s `authorizeWrite` hook with `context`.
 *
 * @throws {ApiError} 403 with the hook's reason when it refuses.
 */
export async function assertWriteAuthorized(
  resource: CompiledResource,
  context: AuthorizationContext,
): Promise<void> {
  const reason = await resource.def.authorizeWrite?.(context);
  if (reason) throw detailError(403, reason);
}
