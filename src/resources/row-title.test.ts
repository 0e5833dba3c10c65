import { describe, expect, it } from 'vitest';
import { rowTitle } from './row-title';

const person = { idField: 'id', titleFields: ['title_before', 'first_name', 'last_name'] };

describe.each([
  [
    'joins the title fields',
    { given: { id: 1, first_name: 'Jan', last_name: 'Novák' }, want: 'Jan Novák' },
  ],
  [
    'leaves out empty and null parts',
    { given: { id: 2, title_before: null, first_name: ' ', last_name: 'Dvořák' }, want: 'Dvořák' },
  ],
  ['stringifies numbers', { given: { id: 3, first_name: 42, last_name: 'B' }, want: '42 B' }],
  ['falls back to the id', { given: { id: 4 }, want: '#4' }],
  ['ignores objects', { given: { id: 5, first_name: { a: 1 }, last_name: 'C' }, want: 'C' }],
])('rowTitle %s', (_name, { given, want }) => {
  it(`gives ${want}`, () => {
    expect(rowTitle(person, given)).toBe(want);
  });
});

describe('rowTitle without title fields', () => {
  it('uses the id', () => {
    expect(rowTitle({ idField: 'code', titleFields: [] }, { code: 'X1' })).toBe('#X1');
  });
});
