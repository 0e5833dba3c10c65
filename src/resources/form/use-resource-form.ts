import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResourceDescriptor, ResourceRow, RowId } from '../descriptor';
import { itemPath, itemQueryOptions, resourceKeys, type ItemSnapshot } from '../queries';
import { useResourceRuntime } from '../registry/resource-runtime';
import { eventTitle } from '../registry/resource-events';
import { useTitleFormat } from '../use-title-format';
import { changedFields } from './changed-fields';
import { buildForm, formDefaults, type FormDefinition } from './form-schema';
import {
  deleteFailure,
  isConflict,
  saveFailure,
  withoutChangedErrors,
  type DeleteState,
  type SaveState,
} from './save-state';

type FormData = Readonly<Record<string, unknown>>;

/** A form ready to edit. */
export interface ReadyForm {
  readonly status: 'ready';
  readonly mode: 'create' | 'edit';
  readonly form: FormDefinition;
  /** The row the edits are based on (empty when creating); its ETag guards the PATCH. */
  readonly base: ItemSnapshot;
  readonly formData: FormData;
  /** True when a writable field differs from `base`. */
  readonly dirty: boolean;
  readonly save: SaveState;
  readonly deletion: DeleteState;
  setFormData(data: FormData): void;
  /** POST (create) or PATCH of the changed fields with `If-Match`; true when saved. */
  submit(data: FormData): Promise<boolean>;
  /** After a 412: the server's row becomes the base, the user's changes are laid on it. */
  reapply(): void;
  /** DELETE with `If-Match`; true when deleted. */
  remove(): Promise<boolean>;
}

/** `useResourceForm`'s result: loading the row, failing to, or ready. */
export type ResourceFormController =
  | { readonly status: 'pending' }
  | { readonly status: 'error'; readonly error: unknown; retry(): void }
  | ReadyForm;

const EMPTY: ItemSnapshot = { row: {}, etag: null };
const IDLE = { status: 'idle' } as const;

/** A response body that is a row (the created or updated one), else null (e.g. a 204). */
function asRow(data: unknown): ResourceRow | null {
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as ResourceRow)
    : null;
}

/**
 * The headless controller of the create/edit dialog (docs/api.md "Resources", "Errors"). With an
 * id it reads the row fresh for its ETag and pins that version while the user edits; a
 * save sends only changed writable fields with `If-Match`. Every outcome is a union state;
 * nothing typed is lost on failure. Saves and deletes invalidate the resource's queries.
 * Each finished create, save and delete, and each failed one, is reported once to the
 * runtime's `onEvent` (a save with nothing changed sends nothing and reports nothing).
 * `preset` (create only) fills fields of the new row, e.g. `{ customer: 7 }` for an address
 * added from customer 7's dialog.
 */
export function useResourceForm(
  descriptor: ResourceDescriptor,
  id: RowId | null,
  preset?: FormData,
): ResourceFormController {
  const { request, onEvent } = useResourceRuntime();
  const format = useTitleFormat();
  const client = useQueryClient();
  const mode = id === null ? 'create' : 'edit';
  const form = useMemo(() => buildForm(descriptor, mode), [descriptor, mode]);
  const [openedAt] = useState(Date.now);
  const [deleted, setDeleted] = useState(false);
  const query = useQuery({
    ...itemQueryOptions(request, descriptor, id ?? ''),
    enabled: id !== null && !deleted,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const [pinned, setPinned] = useState<ItemSnapshot | null>(null);
  // The first answer read after opening is the version edited; later refetches are ignored.
  if (id !== null && !pinned && query.data && query.dataUpdatedAt >= openedAt)
    setPinned(query.data);
  const base = id === null ? EMPTY : pinned;
  // A new row starts with the server's defaults and the values given by the caller (the
  // parent of a related row); they are sent like typed ones but are no unsaved changes.
  const [initial] = useState<FormData>(() => ({ ...formDefaults(descriptor), ...preset }));
  const [edited, setEdited] = useState<FormData | null>(id === null ? initial : null);
  const [save, setSave] = useState<SaveState>(IDLE);
  const [deletion, setDeletion] = useState<DeleteState>(IDLE);
  const formData = useMemo(() => edited ?? base?.row ?? EMPTY.row, [edited, base]);

  const setFormData = useCallback(
    (data: FormData) => {
      setSave((current) => withoutChangedErrors(current, formData, data));
      setEdited(data);
    },
    [formData],
  );

  const invalidate = useCallback(
    () => client.invalidateQueries({ queryKey: resourceKeys.all(descriptor.name) }),
    [client, descriptor.name],
  );

  const submit = useCallback(
    async (data: FormData): Promise<boolean> => {
      if (!base) return false;
      const changes = changedFields(base.row, data, form.writableFields);
      if (id !== null && Object.keys(changes).length === 0) return true;
      setSave({ status: 'saving' });
      const operation = id === null ? 'create' : 'save';
      let saved: ResourceRow;
      try {
        if (id === null) {
          const body = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== null));
          const answer = await request('POST', descriptor.path, { body });
          saved = asRow(answer.data) ?? body;
        } else {
          const answer = await request('PATCH', itemPath(descriptor, id), {
            body: changes,
            ifMatch: base.etag,
          });
          saved = asRow(answer.data) ?? { ...base.row, ...changes };
        }
      } catch (error) {
        let reported = error;
        if (id !== null && isConflict(error)) {
          try {
            const current = await request<ResourceRow>('GET', itemPath(descriptor, id));
            setSave({
              status: 'conflict',
              server: current.data,
              etag: current.etag,
              yours: changes,
            });
          } catch (readError) {
            reported = readError;
            setSave(saveFailure(readError, form.writableFields));
          }
        } else {
          const failure = saveFailure(error, form.writableFields);
          // What the UI does not show is logged (docs/api.md "Errors", docs/product.md §8).
          if (failure.status === 'failed') console.error('Saving failed', error);
          setSave(failure);
        }
        // A failed create has no row yet: the title is the one typed, if any.
        const title = eventTitle(descriptor, id === null ? changes : base.row, format);
        onEvent({ type: 'failed', resource: descriptor.name, title, operation, error: reported });
        return false;
      }
      setSave(IDLE);
      onEvent({
        type: id === null ? 'created' : 'saved',
        resource: descriptor.name,
        title: eventTitle(descriptor, saved, format),
      });
      await invalidate();
      return true;
    },
    [base, descriptor, form.writableFields, format, id, invalidate, onEvent, request],
  );

  const reapply = useCallback(() => {
    if (save.status !== 'conflict') return;
    setPinned({ row: save.server, etag: save.etag });
    setEdited({ ...save.server, ...save.yours });
    setSave(IDLE);
  }, [save]);

  const remove = useCallback(async (): Promise<boolean> => {
    if (id === null || !base) return false;
    setDeletion({ status: 'deleting' });
    const title = eventTitle(descriptor, base.row, format);
    try {
      await request('DELETE', itemPath(descriptor, id), { ifMatch: base.etag });
    } catch (error) {
      setDeletion(deleteFailure(error));
      onEvent({ type: 'failed', resource: descriptor.name, title, operation: 'delete', error });
      return false;
    }
    setDeleted(true);
    client.removeQueries({ queryKey: resourceKeys.item(descriptor.name, id) });
    onEvent({ type: 'deleted', resource: descriptor.name, title });
    await invalidate();
    return true;
  }, [base, client, descriptor, format, id, invalidate, onEvent, request]);

  if (!base) {
    if (query.isError && !query.isFetching) {
      return { status: 'error', error: query.error, retry: () => void query.refetch() };
    }
    return { status: 'pending' };
  }
  const pristine = id === null ? initial : base.row;
  const dirty = Object.keys(changedFields(pristine, formData, form.writableFields)).length > 0;
  return {
    status: 'ready',
    mode,
    form,
    base,
    formData,
    dirty,
    save,
    deletion,
    setFormData,
    submit,
    reapply,
    remove,
  };
}
