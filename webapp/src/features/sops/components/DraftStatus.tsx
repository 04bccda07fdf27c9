import { Badge, Group, Text } from '@mantine/core';
import type { DocumentDraftState } from '../api/sops';
import { formatDate } from '../lib/sops';

/** The published version (number, date, who) and whether the draft holds unpublished changes. */
export function DraftStatus({ draft }: { draft: DocumentDraftState }) {
  const at = formatDate(draft.publishedAt);
  const version = draft.publishedVersion ?? null;
  return (
    <Group gap="xs" wrap="wrap" data-testid="draft-status">
      <Badge variant="light" color={draft.unpublished ? 'yellow' : 'green'} tt="none">
        {draft.unpublished ? 'Unpublished changes' : 'Published'}
      </Badge>
      <Text size="sm" c="dimmed">
        {version === null
          ? 'Not published yet.'
          : `Members read version ${String(version)}${at !== null ? `, published ${at}` : ''}${draft.publishedBy ? ` by ${draft.publishedBy}` : ''}.`}
      </Text>
    </Group>
  );
}
