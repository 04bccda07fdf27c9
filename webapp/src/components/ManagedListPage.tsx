import { Button, SimpleGrid } from '@mantine/core';
import { Fragment, type Key, type ReactNode } from 'react';
import { LoaNotice } from './LoaNotice';
import { Page } from './Page';
import { QueryStatus, type QueryState, type QueryStatusProps } from './QueryStatus';

export interface ManagedListPageProps extends QueryStatusProps {
  /** The list's query: the add button waits until its data is there. */
  query: QueryState & { data: unknown };
  title: ReactNode;
  description: ReactNode;
  /** The add button's label: 'Add qualification', 'New form', 'Create token', … */
  addLabel: string;
  onAdd: () => void;
  /** The button also waits for this (a full list, no secret key); `addTitle` says why. */
  addBlocked?: boolean;
  addTitle?: string;
  /** Who may not write sees no add button; true unless said. */
  writable?: boolean;
  /** The viewer is on leave of absence: the notice that the page is read only, on top. */
  onLeave?: boolean;
  /** Below the list: further sections and the entry dialogs. */
  after?: ReactNode;
}

/**
 * A Command page that manages one list (qualifications, application forms, API tokens,
 * webhooks): the wide page with its title, description and add button (for writers, once the
 * list is loaded), the leave-of-absence notice, the list's loading, error and empty states
 * around the `children`, then `after`.
 */
export function ManagedListPage({
  query,
  title,
  description,
  addLabel,
  onAdd,
  addBlocked = false,
  addTitle,
  writable = true,
  onLeave = false,
  after,
  ...status
}: ManagedListPageProps) {
  return (
    <Page
      size="xl"
      title={title}
      description={description}
      actions={
        writable && (
          <Button disabled={query.data === undefined || addBlocked} title={addTitle} onClick={onAdd}>
            {addLabel}
          </Button>
        )
      }
    >
      {onLeave && <LoaNotice />}
      <QueryStatus query={query} {...status} />
      {after}
    </Page>
  );
}

/** A managed list's cards: one column on a phone, two on a tablet, three on a wide screen. */
export function EntryGrid<T extends { id: Key }>({ entries, card }: { entries: readonly T[]; card: (entry: T) => ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      {entries.map((entry) => (
        <Fragment key={entry.id}>{card(entry)}</Fragment>
      ))}
    </SimpleGrid>
  );
}
