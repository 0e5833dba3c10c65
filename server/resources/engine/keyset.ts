/**
 * Keyset paging (docs/api.md `page_after_id` + `direction`): the rows strictly after (or
 * before) an anchor row in the current sort order, without OFFSET, so deep pages of large
 * tables stay cheap. NULLs sort last ascending and first descending (PostgreSQL's default,
 * spelled out in ORDER BY so the comparisons here match it).
 */
import { and, or, sql, type SQL } from 'drizzle-orm';
import type { SortTerm } from './list-query';

/** ORDER BY for `terms`, reversed when `reverse` (for paging backwards). */
export function orderBy(terms: readonly SortTerm[], reverse = false): SQL[] {
  return terms.map((term) =>
    term.descending !== reverse
      ? sql`${term.expression} desc nulls first`
      : sql`${term.expression} asc nulls last`,
  );
}

/** Rows strictly after `anchor` in term `term`'s direction (false when none can be). */
function after(term: SortTerm, value: SQL | null, descending: boolean): SQL {
  const { expression } = term;
  if (!descending) {
    // ascending, nulls last: bigger values, then NULLs
    if (value === null) return sql`false`;
    return term.nullable
      ? sql`(${expression} > ${value} or ${expression} is null)`
      : sql`${expression} > ${value}`;
  }
  // descending, nulls first: after NULL come all values; after a value, smaller values
  if (value === null) return sql`${expression} is not null`;
  return sql`${expression} < ${value}`;
}

function equal(term: SortTerm, value: SQL | null): SQL {
  return value === null ? sql`${term.expression} is null` : sql`${term.expression} = ${value}`;
}

/**
 * The condition selecting rows after (`direction` next) or before (prev) the row
 * `anchor` in the order `terms`: for terms t1..tn, OR over i of (t1..t(i-1) equal and ti
 * after). The last term is the id, so the order is total and no row is skipped or repeated.
 */
export function keysetCondition(
  terms: readonly SortTerm[],
  anchor: Readonly<Record<string, unknown>>,
  direction: 'next' | 'prev',
): SQL {
  const values = terms.map((term) => term.valueExpression(anchor));
  const alternatives: SQL[] = [];
  for (let i = 0; i < terms.length; i += 1) {
    const prefix = terms.slice(0, i).map((term, j) => equal(term, values[j] ?? null));
    const term = terms[i]!;
    const descending = direction === 'next' ? term.descending : !term.descending;
    alternatives.push(and(...prefix, after(term, values[i] ?? null, descending))!);
  }
  const condition = or(...alternatives)!;
  const bound = leadingBound(terms[0], values[0] ?? null, direction);
  return bound ? and(bound, condition)! : condition;
}

/**
 * A redundant range on the first term that every row after the anchor satisfies
 * (`t1 >= v` forward, `t1 <= v` backward): the OR above is not an index range, this is, so
 * the database starts its index scan at the anchor instead of at the first row.
 */
function leadingBound(
  term: SortTerm | undefined,
  value: SQL | null,
  direction: 'next' | 'prev',
): SQL | undefined {
  if (!term || value === null) return undefined;
  const descending = direction === 'next' ? term.descending : !term.descending;
  // Descending puts NULLs first, so rows after a value are never NULL: `<=` holds. Ascending
  // puts NULLs last, after every value: the bound holds only for a column without NULLs.
  if (descending) return sql`${term.expression} <= ${value}`;
  return term.nullable ? undefined : sql`${term.expression} >= ${value}`;
}
