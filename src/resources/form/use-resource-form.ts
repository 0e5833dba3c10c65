import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResourceDescriptor, ResourceRow, RowId } from '../descriptor';
import { itemPath, itemQueryOptions, resourceKeys, type ItemSnapshot } from '../queries';
import { useResourceRuntime } from '../registry/resource-runtime';
import { eventTitle } from '../registry/resource-events';
import { useTitleFormat } from '../use-title-format';
import { changedFields } from './changed-fields';
import { buildForm, formDefaults, hiddenFields, type FormDefinition } from './form-schema';
import { createBody, storedDifferently } from './sent-values';
import {
  deleteFailure,
  isConflict,
  saveFailure,
  withClientErrors,
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
  /**
   * The row's id: the one opened, or the one a create made when the dialog stayed open to
   * show what the server stored differently (`storedAs`); null while creating.
   */
  readonly id: RowId | null;
  /**
   * Fields the server stored differently from what the last save sent, with the stored
   * value (docs/extending.md "What a form sends"); each goes once the field is edited.
   */
  readonly storedAs: Readonly<Record<string, unknown>>;
  setFormData(data: FormData): void;
  /**
   * POST (create: every field shown, {@link createBody}) or PATCH of the changed fields with
   * `If-Match`; true when saved and nothing was stored differently (the dialog may close).
   */
  submit(data: FormData): Promise<boolean>;
  /**
   * As `submit`, answering the row as saved (the server's answer, with its id) and whether
   * the server stored a value differently (the dialog then stays open, `storedAs`), or null
   * when it was not saved; a save with nothing changed answers the stored row.
   */
  saveRow(data: FormData): Promise<SavedRow | null>;
  /**
   * The browser's checks failed on `fields` (top-level names): the save state becomes
   * `invalid` with them, and when the back-end publishes a dry run (docs/api.md "Dry run")
   * the same body is checked by the server, whose errors of other fields join them.
   */
  check(data: FormData, fields: readonly string[]): Promise<void>;
  /** After a 412: the server's row becomes the base, the user's changes are laid on it. */
  reapply(): void;
  /** DELETE with `If-Match`; true when deleted. */
  remove(): Promise<boolean>;
}

/** A saved row, and whether the server stored some value differently from what was sent. */
export interface SavedRow {
  readonly row: ResourceRow;
  readonly storedDifferently: boolean;
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
  // A create whose answer differs from what was sent stays open on the new row.
  const [createdId, setCreatedId] = useState<RowId | null>(null);
  const rowId = id ?? createdId;
  const mode = rowId === null ? 'create' : 'edit';
  const form = useMemo(() => buildForm(descriptor, mode), [descriptor, mode]);
  const [openedAt] = useState(Date.now);
  const [deleted, setDeleted] = useState(false);
  const query = useQuery({
    ...itemQueryOptions(request, descriptor, rowId ?? ''),
    enabled: rowId !== null && !deleted,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const [pinned, setPinned] = useState<ItemSnapshot | null>(null);
  // The first answer read after opening is the version edited; later refetches are ignored.
  if (rowId !== null && !pinned && query.data && query.dataUpdatedAt >= openedAt)
    setPinned(query.data);
  const base = rowId === null ? EMPTY : pinned;
  // A new row starts with the server's defaults (published, or served when asked: the next
  // number of a series, docs/api.md "Defaults") and the values given by the caller (the
  // parent of a related row); they are sent like typed ones but are no unsaved changes.
  const [presetAtOpen] = useState(preset);
  const served = useQuery({
    queryKey: [...resourceKeys.all(descriptor.name), 'defaults'],
    queryFn: async ({ signal }) =>
      (await request<Record<string, unknown>>('GET', `${descriptor.path}defaults/`, { signal }))
        .data,
    enabled: id === null && descriptor.operations.defaults === true,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const waiting = id === null && descriptor.operations.defaults === true && served.isPending;
  const initial = useMemo<FormData>(
    () => ({ ...formDefaults(descriptor), ...served.data, ...presetAtOpen }),
    [descriptor, served.data, presetAtOpen],
  );
  const [edited, setEdited] = useState<FormData | null>(null);
  const [save, setSave] = useState<SaveState>(IDLE);
  const [deletion, setDeletion] = useState<DeleteState>(IDLE);
  const [storedAs, setStoredAs] = useState<Readonly<Record<string, unknown>>>({});
  const formData = useMemo(
    () => edited ?? (rowId === null ? initial : (base?.row ?? EMPTY.row)),
    [edited, rowId, initial, base],
  );

  const setFormData = useCallback(
    (data: FormData) => {
      setSave((current) => withoutChangedErrors(current, formData, data));
      setStoredAs((current) => {
        const kept = Object.entries(current).filter(([name]) => formData[name] === data[name]);
        return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
      });
      setEdited(data);
    },
    [formData],
  );

  /** What a save of `data` sends: a create's every shown field, an update's changed ones. */
  const bodyOf = useCallback(
    (data: FormData): Record<string, unknown> => {
      if (rowId === null)
        return createBody(
          descriptor.fields,
          form.writableFields,
          hiddenFields(form.conditions, data),
          data,
        );
      return changedFields(base?.row ?? {}, data, form.writableFields);
    },
    [base, descriptor.fields, form.conditions, form.writableFields, rowId],
  );

  const invalidate = useCallback(
    () => client.invalidateQueries({ queryKey: resourceKeys.all(descriptor.name) }),
    [client, descriptor.name],
  );

  const check = useCallback(
    async (data: FormData, fields: readonly string[]) => {
      const dryRun =
        rowId === null
          ? descriptor.operations.dryRun?.create
          : descriptor.operations.dryRun?.update;
      let server: SaveState = IDLE;
      if (dryRun && base) {
        try {
          if (rowId === null)
            await request('POST', descriptor.path, {
              body: bodyOf(data),
              query: { validate: '1' },
            });
          else
            await request('PATCH', itemPath(descriptor, rowId), {
              body: bodyOf(data),
              ifMatch: base.etag,
              query: { validate: '1' },
            });
        } catch (error) {
          server = saveFailure(error, form.writableFields);
        }
      }
      // The server's errors of the fields the browser did not flag join the browser's.
      setSave(withClientErrors(server, fields));
    },
    [base, bodyOf, descriptor, form.writableFields, request, rowId],
  );

  const saveRow = useCallback(
    async (data: FormData): Promise<SavedRow | null> => {
      if (!base) return null;
      const changes = bodyOf(data);
      if (rowId !== null && Object.keys(changes).length === 0) {
        setStoredAs({});
        return { row: base.row, storedDifferently: false };
      }
      setSave({ status: 'saving' });
      const operation = rowId === null ? 'create' : 'save';
      let saved: ResourceRow;
      let answered: ResourceRow | null;
      let etag: string | null;
      try {
        if (rowId === null) {
          const answer = await request('POST', descriptor.path, { body: changes });
          answered = asRow(answer.data);
          etag = answer.etag;
          saved = answered ?? changes;
        } else {
          const answer = await request('PATCH', itemPath(descriptor, rowId), {
            body: changes,
            ifMatch: base.etag,
          });
          answered = asRow(answer.data);
          etag = answer.etag;
          saved = answered ?? { ...base.row, ...changes };
        }
      } catch (error) {
        let reported = error;
        if (rowId !== null && isConflict(error)) {
          try {
            const current = await request<ResourceRow>('GET', itemPath(descriptor, rowId));
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
          setSave(failure.status === 'invalid' ? withClientErrors(failure, []) : failure);
        }
        // A failed create has no row yet: the title is the one typed, if any.
        const title = eventTitle(descriptor, rowId === null ? changes : base.row, format);
        onEvent({ type: 'failed', resource: descriptor.name, title, operation, error: reported });
        return null;
      }
      setSave(IDLE);
      onEvent({
        type: rowId === null ? 'created' : 'saved',
        resource: descriptor.name,
        title: eventTitle(descriptor, saved, format),
      });
      await invalidate();
      // Where the server stored another value than the one shown, the dialog stays open on
      // the stored row and says so beside the field (docs/extending.md "What a form sends").
      const differs = storedDifferently(descriptor.fields, changes, answered);
      const newId = answered?.[descriptor.idField];
      if (Object.keys(differs).length === 0 || !answered || newId === undefined) {
        setStoredAs({});
        return { row: saved, storedDifferently: false };
      }
      if (rowId === null) setCreatedId(newId as RowId);
      setPinned({ row: answered, etag });
      setEdited(null);
      setStoredAs(differs);
      return { row: answered, storedDifferently: true };
    },
    [base, bodyOf, descriptor, format, form.writableFields, invalidate, onEvent, request, rowId],
  );
  const submit = useCallback(
    async (data: FormData): Promise<boolean> => {
      const saved = await saveRow(data);
      return saved !== null && !saved.storedDifferently;
    },
    [saveRow],
  );

  const reapply = useCallback(() => {
    if (save.status !== 'conflict') return;
    setPinned({ row: save.server, etag: save.etag });
    setEdited({ ...save.server, ...save.yours });
    setSave(IDLE);
  }, [save]);

  const remove = useCallback(async (): Promise<boolean> => {
    if (rowId === null || !base) return false;
    setDeletion({ status: 'deleting' });
    const title = eventTitle(descriptor, base.row, format);
    try {
      await request('DELETE', itemPath(descriptor, rowId), { ifMatch: base.etag });
    } catch (error) {
      setDeletion(deleteFailure(error));
      onEvent({ type: 'failed', resource: descriptor.name, title, operation: 'delete', error });
      return false;
    }
    setDeleted(true);
    client.removeQueries({ queryKey: resourceKeys.item(descriptor.name, rowId) });
    onEvent({ type: 'deleted', resource: descriptor.name, title });
    await invalidate();
    return true;
  }, [base, client, descriptor, format, rowId, invalidate, onEvent, request]);

  if (!base || waiting) {
    if (query.isError && !query.isFetching) {
      return { status: 'error', error: query.error, retry: () => void query.refetch() };
    }
    return { status: 'pending' };
  }
  const pristine = rowId === null ? initial : base.row;
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
    id: rowId,
    storedAs,
    setFormData,
    submit,
    saveRow,
    check,
    reapply,
    remove,
  };
}
