import { describe, expect, it } from 'vitest';
import { NO_SELECTION, isSelected, pageState, selectedCount, setRows } from './selection';

const page = [{ id: 1 }, { id: 2 }, { id: 3 }];

describe('selection', () => {
  it('adds and removes rows across pages, keyed by id', () => {
    let selection = setRows(NO_SELECTION, [page[0]!, page[1]!], 'id', true);
    selection = setRows(selection, [{ id: 9 }], 'id', true);
    expect(selectedCount(selection)).toBe(3);
    selection = setRows(selection, [page[0]!], 'id', false);
    expect(isSelected(selection, page[0]!, 'id')).toBe(false);
    expect(isSelected(selection, { id: 9 }, 'id')).toBe(true);
  });

  it.each([
    ['none', [], 'none'],
    ['some', [1], 'some'],
    ['all', [1, 2, 3], 'all'],
  ] as const)('the page is %s selected', (_name, ids, want) => {
    const selection = setRows(
      NO_SELECTION,
      ids.map((id) => ({ id })),
      'id',
      true,
    );
    expect(pageState(selection, page, 'id')).toBe(want);
  });

  it('"all matching" counts the query’s rows; unticking one keeps the rest of the page', () => {
    const matching = { kind: 'matching', count: 120 } as const;
    expect(selectedCount(matching)).toBe(120);
    expect(pageState(matching, page, 'id')).toBe('all');
    const after = setRows(matching, [page[1]!], 'id', false, page);
    expect(selectedCount(after)).toBe(2);
    expect(isSelected(after, page[1]!, 'id')).toBe(false);
  });
});
