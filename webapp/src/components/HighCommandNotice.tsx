import { Alert, Container, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface HighCommandNoticeProps {
  /** The page's title, e.g. 'Permissions'. */
  title: string;
  /** Why the page is refused, e.g. 'You must be part of High Command to manage permissions.' */
  children: ReactNode;
}

/** Shown instead of a High Command page to viewers who may not use it (or not from here). */
export function HighCommandNotice({ title, children }: HighCommandNoticeProps) {
  return (
    <Container size="md" py="xl">
      <Stack gap="sm">
        <Title order={1}>{title}</Title>
        <Alert color="yellow" variant="light" role="alert">
          {children}
        </Alert>
      </Stack>
    </Container>
  );
}
