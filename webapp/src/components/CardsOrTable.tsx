import { Group, Paper, SimpleGrid, Stack, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, type ReactNode } from 'react';
import { ActionsHead } from './ActionsHead';

export interface CardsOrTableProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  /** The table's accessible name. */
  label: string;
  /** The column headings; null for the buttons column (named 'Actions' for screen readers). */
  columns: readonly (string | null)[];
  /** An item as a table row (`Table.Tr`) on wide screens … */
  row: (item: T) => ReactNode;
  /** … and as a card on narrow ones, where the table would not fit. */
  card: (item: T) => ReactNode;
  /** Cards up to this width. */
  cardsUpTo?: string;
}

/**
 * A list shown as a table on wide screens and as cards (one column on phones, two on tablets)
 * up to `cardsUpTo`, so that nothing scrolls sideways.
 */
export function CardsOrTable<T>({ items, itemKey, label, columns, row, card, cardsUpTo = '62em' }: CardsOrTableProps<T>) {
  const narrow = useMediaQuery(`(max-width: ${cardsUpTo})`, false, { getInitialValueInEffect: false });
  const each = (render: (item: T) => ReactNode) => items.map((item) => <Fragment key={itemKey(item)}>{render(item)}</Fragment>);
  if (narrow) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {each(card)}
      </SimpleGrid>
    );
  }
  return (
    <Table striped verticalSpacing="xs" aria-label={label}>
      <Table.Thead>
        <Table.Tr>{columns.map((column, index) => (column === null ? <ActionsHead key={index} /> : <Table.Th key={index}>{column}</Table.Th>))}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>{each(row)}</Table.Tbody>
    </Table>
  );
}

export interface ListCardProps {
  testId: string;
  /** The card's first line, on the left: who or what it is. */
  title: ReactNode;
  /** The first line's right end: a figure, a badge, … */
  aside: ReactNode;
  /** Wrap the first line on narrow cards (`wrap`), or keep it on one (`nowrap`). */
  wrap?: 'wrap' | 'nowrap';
  /** The lines under it. */
  children: ReactNode;
}

/** A `CardsOrTable` card: a bordered box whose first line holds the title and, on the right, the aside. */
export function ListCard({ testId, title, aside, wrap = 'nowrap', children }: ListCardProps) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap={wrap}>
          {title}
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
