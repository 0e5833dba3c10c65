import { describe, expect, it, vi } from 'vitest';
import { createResourceEventHandler, type ResourceEvent } from './resource-events';

function handler() {
  const calls = { notify: vi.fn(), showSnackbar: vi.fn(), report: vi.fn() };
  const onEvent = createResourceEventHandler({
    resourceTitles: { customers: 'resource.customers.title' },
    ...calls,
  });
  return { onEvent, ...calls };
}

describe('resource events → bell, snackbar, error report (docs/product.md §4, §8)', () => {
  it.each<[string, ResourceEvent, string]>([
    [
      'created',
      { type: 'created', resource: 'customers', title: 'Jan Novák' },
      'app.notifications.resource.created',
    ],
    [
      'saved',
      { type: 'saved', resource: 'customers', title: 'Jan Novák' },
      'app.notifications.resource.saved',
    ],
    [
      'deleted',
      { type: 'deleted', resource: 'customers', title: 'Jan Novák' },
      'app.notifications.resource.deleted',
    ],
  ])('%s: a success notification and a success snackbar', (_name, event, id) => {
    const { onEvent, notify, showSnackbar, report } = handler();
    onEvent(event);
    const message = {
      id,
      values: { resource: { id: 'resource.customers.title' }, title: 'Jan Novák' },
    };
    expect(notify).toHaveBeenCalledWith({ type: 'success', message });
    expect(showSnackbar).toHaveBeenCalledWith({ message, color: 'success' });
    expect(report).not.toHaveBeenCalled();
  });

  it.each([
    ['create', 'app.notifications.resource.createFailed'],
    ['save', 'app.notifications.resource.saveFailed'],
    ['delete', 'app.notifications.resource.deleteFailed'],
  ] as const)('failed %s: an error notification; the details only reported', (operation, id) => {
    const { onEvent, notify, showSnackbar, report } = handler();
    const error = new Error('HTTP 500');
    onEvent({ type: 'failed', resource: 'contracts', title: '', operation, error });
    expect(notify).toHaveBeenCalledWith({
      type: 'error',
      // A resource the handler does not know: the key scheme's title.
      message: { id, values: { resource: { id: 'resource.contracts.title' }, title: '—' } },
    });
    expect(report).toHaveBeenCalledWith(error, { resource: 'contracts', operation });
    expect(showSnackbar).not.toHaveBeenCalled();
  });

  it("an override's finished action: a snackbar, and a bell notification when it asks for one", () => {
    const { onEvent, notify, showSnackbar } = handler();
    onEvent({ type: 'done', resource: 'invoices', message: 'Invoice 2026000001 sent.' });
    expect(showSnackbar).toHaveBeenCalledWith({
      message: 'Invoice 2026000001 sent.',
      color: 'success',
    });
    expect(notify).not.toHaveBeenCalled();
    onEvent({ type: 'done', resource: 'billing-runs', message: 'Run done.', bell: true });
    expect(notify).toHaveBeenCalledWith({ type: 'success', message: 'Run done.' });
    onEvent({
      type: 'done',
      resource: 'billing-runs',
      message: 'Run done, 2 failed.',
      failed: true,
      bell: true,
    });
    expect(notify).toHaveBeenLastCalledWith({ type: 'warning', message: 'Run done, 2 failed.' });
  });
});
