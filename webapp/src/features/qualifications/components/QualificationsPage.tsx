import { Badge, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useActiveSlug } from '@/agency/context';
import type { Qualification } from '@/api/types';
import { EditDeleteButtons } from '@/components/EditDeleteButtons';
import { EntryGrid, ManagedListPage } from '@/components/ManagedListPage';
import { useEntryEditing } from '@/components/use-entry-editing';
import { validityText } from '@/lib/qualifications';
import { canWrite, isOnLeave } from '@/lib/rank-access';
import { useNavAccess } from '@/session/use-nav-access';
import {
  qualificationsErrorText,
  qualificationsQueryOptions,
  templatesQueryOptions,
  useDeleteQualification,
} from '../api/qualifications';
import {
  CATALOGUE_UNAVAILABLE,
  CONFIRM_DELETE,
  holdersText,
  NO_QUALIFICATIONS,
  PAGE_DESCRIPTION,
  PAGE_TITLE,
} from '../lib/qualifications';
import { ExpiringList } from './ExpiringList';
import { QualificationDialog } from './QualificationDialog';

interface CardProps {
  qualification: Qualification;
  writable: boolean;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** One qualification: its badge, name, validity, the training that grants it, how many hold it, its description. */
function QualificationCard({ qualification: q, writable, busy, onEdit, onDelete }: CardProps) {
  const titleId = `qualification-${String(q.id)}-name`;
  const badge = q.badge?.trim() ?? '';
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId} data-testid="qualification">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {badge !== '' && <Image src={badge} alt="" w={40} h={40} fit="contain" style={{ flex: 'none' }} />}
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {q.name}
            </Title>
            <Group gap={6} wrap="wrap">
              <Badge variant="light" color={q.validityDays == null ? 'gray' : 'blue'} style={{ textTransform: 'none' }}>
                {q.validityDays == null ? validityText(null) : `Valid ${validityText(q.validityDays)}`}
              </Badge>
              <Text size="xs" c="dimmed">
                {holdersText(q.holders)}
              </Text>
            </Group>
          </Stack>
        </Group>
        {q.templateTitle != null && q.templateTitle.trim() !== '' && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              Granted by training:
            </Text>{' '}
            {q.templateTitle}
          </Text>
        )}
        {q.description.trim() !== '' && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {q.description}
          </Text>
        )}
        {writable && (
          <Group gap="xs" justify="flex-end">
            <EditDeleteButtons onEdit={onEdit} onDelete={onDelete} disabled={busy} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Command → Qualifications (issue 23): the agency's catalogue of qualifications (name,
 * description, validity, badge, the training that grants it, how many members hold it) with
 * Add, Edit and Delete (a qualification ever granted stays: the server's sentence says so), and
 * the holdings that expire within the next days. Members on leave of absence read it only.
 */
export function QualificationsPage() {
  const slug = useActiveSlug();
  const access = useNavAccess();
  const writable = canWrite(access.viewer);
  const query = useQuery(qualificationsQueryOptions(slug));
  const templates = useQuery({ ...templatesQueryOptions(slug), enabled: writable });
  const remove = useDeleteQualification(slug);
  const list = query.data ?? [];
  const entries = useEntryEditing<Qualification>({
    remove,
    kind: 'Qualification',
    nameOf: (qualification) => qualification.name,
    message: CONFIRM_DELETE,
    errorText: qualificationsErrorText,
  });

  return (
    <ManagedListPage
      title={PAGE_TITLE}
      description={PAGE_DESCRIPTION}
      addLabel="Add qualification"
      onAdd={entries.add}
      writable={writable}
      onLeave={isOnLeave(access.viewer)}
      query={query}
      loading="Loading qualifications…"
      errorTitle={CATALOGUE_UNAVAILABLE}
      errorText={qualificationsErrorText}
      empty={list.length === 0 ? NO_QUALIFICATIONS : null}
      emptyTestId="qualifications-empty"
      after={
        <>
          <ExpiringList />
          {entries.editing !== null && (
            <QualificationDialog qualification={entries.editing.entry} templates={templates.data} onClose={entries.close} />
          )}
        </>
      }
    >
      <EntryGrid
        entries={list}
        card={(qualification) => <QualificationCard qualification={qualification} writable={writable} {...entries.actionsOf(qualification)} />}
      />
    </ManagedListPage>
  );
}
