import { Table, VisuallyHidden } from '@mantine/core';

/** The heading of a table's buttons column: named 'Actions' for screen readers, blank on screen. */
export function ActionsHead() {
  return (
    <Table.Th>
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  );
}
