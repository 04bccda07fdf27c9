import { modals } from '@mantine/modals';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/** The title of every question before unsaved changes are dropped (a page left, a dialog closed). */
export const UNSAVED_CHANGES_TITLE = 'Unsaved changes';
export const UNSAVED_CHANGES = 'You have unsaved changes. Leave this page and drop them?';

/**
 * Warns before unsaved changes are dropped: leaving the screen inside the portal asks for a
 * confirmation (Leave / Stay), and closing or reloading the tab gets the browser's own
 * prompt. Pass whether the screen holds changes that are not saved yet.
 */
export function useUnsavedChanges(dirty: boolean, message: string = UNSAVED_CHANGES): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // Closing the dialog any other way (Escape, the overlay) means Stay.
    let settled = false;
    modals.openConfirmModal({
      title: UNSAVED_CHANGES_TITLE,
      children: message,
      labels: { confirm: 'Leave', cancel: 'Stay' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        settled = true;
        blocker.proceed();
      },
      onCancel: () => {
        settled = true;
        blocker.reset();
      },
      onClose: () => {
        if (!settled) blocker.reset();
      },
    });
  }, [blocker, message]);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty]);
}
