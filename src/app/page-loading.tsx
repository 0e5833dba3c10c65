import { Spinner } from '@blueprintjs/core';

/** Shown while the first page's session check and code load. */
export function PageLoading() {
  return (
    <div className="joule-page-loading">
      <Spinner size={40} />
    </div>
  );
}
