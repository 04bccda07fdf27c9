import { Anchor, Code, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

export const ROUTE_ERROR_TITLE = 'Unexpected Application Error!';

/** Describes a thrown route error: '{status} {statusText}' for responses, else the message. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return error.statusText ? `${error.status} ${error.statusText}` : String(error.status);
  }
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

export function RouteError() {
  const error = useRouteError();
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm">
        <Title order={1}>{ROUTE_ERROR_TITLE}</Title>
        <Text>
          <Code>{describeRouteError(error)}</Code>
        </Text>
        <Anchor href="/">Back to home</Anchor>
      </Stack>
    </Container>
  );
}
