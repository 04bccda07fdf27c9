import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useActiveSlug } from '@/agency/context';
import { Page } from '@/components/Page';
import { EmptyNotice, QueryStatus } from '@/components/QueryStatus';
import { formatDay } from '@/lib/days';
import { canWrite } from '@/lib/rank-access';
import { useNavAccess } from '@/session/use-nav-access';
import { fileErrorText, personnelFileQueryOptions, type PersonnelFile, type TimelineItem } from '../api/personnel-file';
import { correctedBy, correctionsOf, EMPTY_FILE, FILE_UNAVAILABLE, kindColor, kindLabel } from '../lib/personnel-file';
import { FileEntryDialog } from './FileEntryDialog';

const BADGE = { textTransform: 'none', flex: 'none' } as const;

interface LineProps {
  item: TimelineItem;
  items: readonly TimelineItem[];
  canCorrect: boolean;
  onCorrect: () => void;
}

/** One line of the timeline: its day, kind and who sees it, what happened, by whom; a written entry's corrections under it. */
function Line({ item, items, canCorrect, onCorrect }: LineProps) {
  const corrections = correctionsOf(items, item.entryId);
  const corrected = item.kind === 'correction' ? correctedBy(items, item) : null;
  return (
    <Stack gap={4} data-testid="file-item" data-kind={item.kind} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="wrap">
        <Text size="xs" c="dimmed" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatDay(item.at)}
        </Text>
        <Badge size="sm" variant="light" color={kindColor(item.kind)} style={BADGE}>
          {kindLabel(item.kind)}
        </Badge>
        {item.visibility === 'command' && (
          <Badge size="sm" variant="outline" color="gray" style={BADGE}>
            Command only
          </Badge>
        )}
        {item.corrected && (
          <Badge size="sm" variant="outline" color="grape" style={BADGE}>
            Corrected
          </Badge>
        )}
      </Group>
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {item.title}
      </Text>
      {corrected !== null && (
        <Text size="xs" c="dimmed">
          Corrects the {kindLabel(corrected.kind).toLowerCase()} of {formatDay(corrected.at)}
        </Text>
      )}
      {item.detail != null && item.detail.trim() !== '' && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {item.detail}
        </Text>
      )}
      {item.by != null && item.by.trim() !== '' && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          By {item.by}
        </Text>
      )}
      {corrections.map((correction, index) => (
        <Paper key={correction.entryId ?? index} withBorder radius="sm" p="xs" data-testid="file-correction">
          <Text size="xs" c="grape" fw={600}>
            Correction of {formatDay(correction.at)}
            {correction.by != null && correction.by.trim() !== '' ? ` by ${correction.by}` : ''}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {correction.detail}
          </Text>
        </Paper>
      ))}
      {canCorrect && item.entryId != null && (
        <Group>
          <Button size="compact-xs" variant="default" aria-label={`Correct the ${kindLabel(item.kind).toLowerCase()} of ${formatDay(item.at)}`} onClick={onCorrect}>
            Correct
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** 'Deputy · Patrol Division · Active'. */
function memberLine(file: PersonnelFile): string {
  const { rank, departmentName, status } = file.member;
  return [rank, departmentName, status].filter((part) => part != null && part.trim() !== '').join(' · ');
}

/** What the dialog writes: a new entry, or a correction of an entry. */
interface Writing {
  corrects: TimelineItem | null;
}

/**
 * A member's personnel file (issue 23, `/roster/:id/file`): everything the server lets the
 * viewer see, newest first, as a timeline with kind badges: hire, promotions and demotions,
 * moves and status changes, qualifications, completed training, leave, and the entries command
 * writes (commendation, counselling, written warning, suspension; command-only ones marked).
 * Command that manages the member adds entries and corrects one (a new entry pointing at it,
 * shown with it); nothing is ever edited or deleted. A member reads their own file without the
 * command-only entries; anyone else is refused with the server's sentence.
 */
export function PersonnelFilePage() {
  const slug = useActiveSlug();
  const { id } = useParams();
  const rosterId = Number(id);
  const valid = Number.isInteger(rosterId) && rosterId > 0;
  const access = useNavAccess();
  const query = useQuery({ ...personnelFileQueryOptions(slug, rosterId), enabled: valid });
  const [writing, setWriting] = useState<Writing | null>(null);
  const file = query.data;
  const writable = file?.canWrite === true && canWrite(access.viewer);
  const own = access.viewer?.roster?.id === rosterId;

  return (
    <Page
      title={file === undefined ? 'Personnel file' : `Personnel file: ${file.member.name}`}
      description={file === undefined ? undefined : memberLine(file)}
      note={
        <Anchor component={Link} to={own ? '/profile' : '/roster'} size="sm">
          {own ? 'Back to my profile' : 'Back to the roster'}
        </Anchor>
      }
      actions={
        writable && (
          <Button
            onClick={() => {
              setWriting({ corrects: null });
            }}
          >
            Add entry
          </Button>
        )
      }
    >
      {!valid ? (
        <Alert color="red" variant="light" title={FILE_UNAVAILABLE} role="alert">
          No roster entry {id ?? ''}
        </Alert>
      ) : (
        <QueryStatus query={query} loading="Loading the file…" errorTitle={FILE_UNAVAILABLE} errorText={(error) => fileErrorText(error)}>
          {file !== undefined && (
            <>
              {own && !writable && (
                <Text size="sm" c="dimmed" data-testid="own-file-note">
                  Your file as you may read it; command keeps some entries for itself.
                </Text>
              )}
              {file.items.length === 0 ? (
                <EmptyNotice text={EMPTY_FILE} testId="file-empty" />
              ) : (
                <Timeline bulletSize={14} lineWidth={2} aria-label={`File of ${file.member.name}`}>
                  {file.items.map((item, index) => (
                    <Timeline.Item key={`${item.kind}-${String(item.entryId ?? '')}-${item.at}-${String(index)}`} color={kindColor(item.kind)}>
                      <Line
                        item={item}
                        items={file.items}
                        canCorrect={writable}
                        onCorrect={() => {
                          setWriting({ corrects: item });
                        }}
                      />
                    </Timeline.Item>
                  ))}
                </Timeline>
              )}
            </>
          )}
        </QueryStatus>
      )}
      {writing !== null && file !== undefined && (
        <FileEntryDialog
          rosterId={rosterId}
          member={file.member.name}
          corrects={writing.corrects}
          onClose={() => {
            setWriting(null);
          }}
        />
      )}
    </Page>
  );
}
