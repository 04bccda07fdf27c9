import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** The Field / Before / After table of a change; `children` are its rows. */
export function ChangeTable({ children }: { children: ReactNode }) {
  return (
    <Table withTableBorder layout="fixed" verticalSpacing={6} style={{ wordBreak: 'break-word' }}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="30%">Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}
