import { Button, Group, Text } from '@mantine/core';

/** Previous / page number / next, for a log read a page at a time. */
export function Pager({
  pageIndex,
  onPage,
  hasPrevious,
  hasNext,
  labels,
  testId,
}: {
  pageIndex: number;
  onPage: (pageIndex: number) => void;
  hasPrevious: boolean;
  hasNext: boolean;
  labels: readonly [previous: string, next: string];
  testId: string;
}) {
  return (
    <Group gap="xs" align="center" justify="flex-end">
      <Button
        variant="default"
        disabled={!hasPrevious}
        onClick={() => {
          onPage(Math.max(0, pageIndex - 1));
        }}
      >
        {labels[0]}
      </Button>
      <Text size="sm" c="dimmed" data-testid={testId}>
        Page {pageIndex + 1}
      </Text>
      <Button
        variant="default"
        disabled={!hasNext}
        onClick={() => {
          onPage(pageIndex + 1);
        }}
      >
        {labels[1]}
      </Button>
    </Group>
  );
}
