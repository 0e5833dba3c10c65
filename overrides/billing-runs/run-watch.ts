/**
 * A billing run followed to its end while the user works elsewhere (docs/billing.md
 * "Billing runs"): once a run's dialog has seen it going, its progress is polled every second
 * by an observer of the app's query cache that outlives the dialog, and its end is told once,
 * to the bell, whether or not the dialog is still open.
 */
import { QueryObserver, type QueryClient } from '@tanstack/react-query';

/** The runs being watched, by id: each is told once. */
const watched = new Set<string>();

/** What {@link watchRun} needs: the progress query, whether a state is live, and the end. */
export interface RunWatch<P extends { readonly state: string }> {
  readonly client: QueryClient;
  readonly id: string;
  readonly queryKey: readonly unknown[];
  readonly fetchProgress: () => Promise<P>;
  readonly isLive: (state: string | undefined) => boolean;
  /** Called once, with the progress that is no longer live. */
  readonly onEnd: (progress: P) => void;
}

/** Starts following run `watch.id` unless it is already followed; see the module comment. */
export function watchRun<P extends { readonly state: string }>(watch: RunWatch<P>): void {
  if (watched.has(watch.id)) return;
  watched.add(watch.id);
  const observer = new QueryObserver(watch.client, {
    queryKey: watch.queryKey,
    queryFn: watch.fetchProgress,
    refetchInterval: (query) => (watch.isLive(query.state.data?.state) ? 1000 : false),
  });
  const stop = observer.subscribe((result) => {
    if (!result.data || watch.isLive(result.data.state)) return;
    stop();
    watched.delete(watch.id);
    watch.onEnd(result.data);
  });
}
