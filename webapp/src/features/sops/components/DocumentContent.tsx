import { Text } from '@mantine/core';

/**
 * A document's content as plain text: line breaks and blank lines kept, long words wrapped.
 * React escapes it, so whatever markup a document holds shows as typed and never runs.
 */
export function DocumentContent({ content }: { content: string }) {
  return (
    <Text
      component="div"
      size="sm"
      data-testid="document-content"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.6 }}
    >
      {content}
    </Text>
  );
}
