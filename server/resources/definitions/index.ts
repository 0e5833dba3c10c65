/**
 * Every resource of the API, in the order OpenAPI tags and the registry list them. A new
 * entity is a new definition file here plus its table in `db/schema/` (see
 * `engine/define.ts`).
 */
import type { ResourceDefinition } from '../engine';
import { rolesResource } from './roles';
import { usersResource } from './users';

/** The resources the app serves. */
export const resources: readonly ResourceDefinition[] = [rolesResource, usersResource];
