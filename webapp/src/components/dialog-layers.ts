import { useEffect, useRef } from 'react';

/**
 * The open dialogs, so that Escape closes only the one on top. Every Mantine modal listens for
 * Escape on the window, so a dialog opened from another (a picker over Create session, the
 * "Unsaved changes" question over an editor) used to close both; a `Dialog` turns Mantine's
 * own Escape off and asks here instead.
 *
 * The top is the deepest open dialog (a dialog rendered inside another is one deeper), the
 * latest opened among equals: a child's effects run before its parent's, so the order of
 * opening alone would put the parent on top when both open at once.
 */

interface Layer {
  id: string;
  depth: number;
  order: number;
}

const layers: Layer[] = [];
let opened = 0;

function isTop(id: string): boolean {
  let top: Layer | null = null;
  for (const layer of layers) {
    if (top === null || layer.depth > top.depth || (layer.depth === top.depth && layer.order > top.order)) top = layer;
  }
  return top?.id === id;
}

/** The dialog element of the registered dialog whose Mantine root has the id `id`. */
function dialogOf(id: string): Element | null {
  return document.getElementById(id)?.querySelector('[role="dialog"]') ?? null;
}

/**
 * Whether an Escape pressed on `target` belongs to the top dialog: not while the target says a
 * dropdown of its own takes the key (Mantine's `data-mantine-stop-propagation`, set on an open
 * select), nor when the focus is inside a dialog that is not one of these layers (a date
 * picker, a confirmation opened through @mantine/modals). Focus still in a dialog beneath (the
 * question has just opened and its focus trap has not taken the focus yet) leaves the key to
 * the top one.
 */
function ownsEscape(target: EventTarget | null): boolean {
  const element = target instanceof Element ? target : null;
  if (element?.getAttribute('data-mantine-stop-propagation') === 'true') return false;
  const owner = element?.closest('[role="dialog"]') ?? null;
  if (owner === null) return true;
  return layers.some((layer) => dialogOf(layer.id) === owner);
}

/**
 * Registers the dialog `id` (the id of its Mantine root) while `open`, `depth` dialogs deep,
 * and calls `onEscape` when Escape is pressed while it is the top one.
 */
export function useDialogLayer(id: string, depth: number, open: boolean, onEscape: () => void): void {
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });

  useEffect(() => {
    if (!open) return undefined;
    opened += 1;
    const layer: Layer = { id, depth, order: opened };
    layers.push(layer);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing || !isTop(id) || !ownsEscape(event.target)) return;
      escape.current();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => {
      window.removeEventListener('keydown', onKeyDown, { capture: true });
      layers.splice(layers.indexOf(layer), 1);
    };
  }, [id, depth, open]);
}
