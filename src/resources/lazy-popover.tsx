/**
 * A popover whose code loads after the page: Blueprint's popover (Floating UI, the overlay
 * and its transitions, ~20 kB gzip) is not needed to show a page, only to open a menu. Until
 * it is here the target renders as it will inside the popover; a click on it loads the code
 * and opens the popover; pointing at or focusing it, or 1.5 s after the page shows, loads
 * the code ahead (issue "The generic runtime", Speed: initial JS).
 */
import {
  cloneElement,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactElement,
  type SyntheticEvent,
} from 'react';
import { Classes } from '@blueprintjs/core';

/** What a lazy popover's component gets besides its own props. */
export interface PopoverHostProps {
  /** Open on mount: the click that asked for the code asked for the popover too. */
  readonly defaultIsOpen?: boolean;
  /** The target (a button). */
  readonly children: ReactElement;
}

/** Loads the component rendering the popover (Blueprint's `PopoverNext`) around its target. */
export type PopoverLoader<P> = () => Promise<ComponentType<P & PopoverHostProps>>;

/** Props of `LazyPopover`. */
export interface LazyPopoverProps<P> {
  readonly load: PopoverLoader<P>;
  /** The loaded component's own props. */
  readonly props: P;
  /** The target: one element taking `onClick`, `onFocus`, `onPointerDown` and `onPointerEnter`. */
  readonly children: ReactElement<TargetProps>;
}

interface TargetProps {
  onClick?: (event: SyntheticEvent) => void;
  onFocus?: (event: SyntheticEvent) => void;
  onPointerEnter?: (event: SyntheticEvent) => void;
  onPointerDown?: (event: SyntheticEvent) => void;
  'aria-expanded'?: boolean;
}

/** Loaded components by loader, so a remounted popover renders at once. */
const loaded = new Map<PopoverLoader<never>, ComponentType<never>>();

/** Loads ahead this long after the popover's page shows (as the list's dialog code). */
export const PRELOAD_POPOVER_AFTER_MS = 1500;

export function LazyPopover<P extends object>({ load, props, children }: LazyPopoverProps<P>) {
  type Host = ComponentType<P & PopoverHostProps>;
  const [Popover, setPopover] = useState<Host | undefined>(
    () => loaded.get(load as PopoverLoader<never>) as Host | undefined,
  );
  const [openOnMount, setOpenOnMount] = useState(false);
  const hostRef = useRef<HTMLSpanElement>(null);
  const refocus = useRef(false);
  const loading = useRef(false);

  const start = useCallback(() => {
    if (Popover || loading.current) return;
    loading.current = true;
    load().then(
      (component) => {
        loaded.set(load as PopoverLoader<never>, component as ComponentType<never>);
        // The target is rendered anew inside the popover: keep the keyboard focus on it.
        refocus.current = !!hostRef.current?.contains(document.activeElement);
        setPopover(() => component);
      },
      () => {
        loading.current = false; // offline: the next click tries again
      },
    );
  }, [Popover, load]);

  useEffect(() => {
    if (Popover) return;
    const timer = setTimeout(start, PRELOAD_POPOVER_AFTER_MS);
    return () => clearTimeout(timer);
  }, [Popover, start]);

  useEffect(() => {
    if (!Popover || !refocus.current) return;
    refocus.current = false;
    hostRef.current?.querySelector<HTMLElement>('button, [tabindex]')?.focus();
  }, [Popover]);

  const open = () => {
    setOpenOnMount(true);
    start();
  };
  const chain =
    (own: ((event: SyntheticEvent) => void) | undefined, then: () => void) =>
    (event: SyntheticEvent) => {
      own?.(event);
      then();
    };
  const target = children.props;
  return (
    <span ref={hostRef} style={{ display: 'contents' }}>
      {Popover ? (
        <Popover {...props} defaultIsOpen={openOnMount}>
          {children}
        </Popover>
      ) : (
        // The same wrapper class Blueprint gives a popover's target, so nothing moves.
        <span className={Classes.POPOVER_TARGET}>
          {cloneElement(children, {
            'aria-expanded': false,
            // A press asks for the popover: open it once its code is here. (Should the code
            // arrive between press and release, the click is not the new target's.)
            onPointerDown: chain(target.onPointerDown, open),
            onClick: chain(target.onClick, open),
            onFocus: chain(target.onFocus, start),
            onPointerEnter: chain(target.onPointerEnter, start),
          })}
        </span>
      )}
    </span>
  );
}
