/**
 * Blueprint's toaster, in a chunk of its own: the overlay and transition code it pulls in
 * loads with the first snackbar, not with the login page (`SnackbarHost`).
 */
export { OverlayToaster } from '@blueprintjs/core';
