import { Container, Group, Stack, Text, Title, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  /** The line under the title. */
  description?: ReactNode;
  /** A further line under it, such as "Last updated …". */
  note?: ReactNode;
  /** The buttons and pickers beside the title (below it on phones), in the spec's order. */
  actions?: ReactNode;
}

/** The head of a screen: the title, a line under it, and its controls beside (below on phones). */
export function PageHeader({ title, description, note, actions }: PageHeaderProps) {
  const heading = (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Title order={1}>{title}</Title>
      {description !== undefined && (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      )}
      {note}
    </Stack>
  );
  if (actions === undefined) return heading;
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      {heading}
      <Group gap="xs">{actions}</Group>
    </Group>
  );
}

export interface PageProps extends PageHeaderProps {
  /** 'xl' for wide tables (roster, permissions), 'lg' otherwise. */
  size?: MantineSize;
  /** The space between the header and the blocks below it. */
  gap?: MantineSize;
  children?: ReactNode;
}

/** A whole screen: the page's width, its header, then its blocks one under the other. */
export function Page({ size = 'lg', gap = 'md', children, ...header }: PageProps) {
  return (
    <Container size={size} py="lg">
      <Stack gap={gap}>
        <PageHeader {...header} />
        {children}
      </Stack>
    </Container>
  );
}
