import { Alert, Anchor, Badge, Button, Divider, Group, Menu, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useActiveSlug } from '@/agency/context';
import { Dialog, useDirtyInDialog } from '@/components/Dialog';
import { FailureAlert } from '@/components/FormActions';
import { QueryStatus } from '@/components/QueryStatus';
import { formatDay } from '@/lib/days';
import { useNavAccess } from '@/session/use-nav-access';
import {
  applicationQueryOptions,
  recruitmentErrorText,
  useAddNote,
  useVote,
  type ApplicationDetail,
  type ApplicationSummary,
  type Stage,
} from '../api/recruitment';
import { answerText } from '../lib/answers';
import { accountAgeText, moveTargets, OWN_APPLICATION, stageColor, tallyText, YOUNG_ACCOUNT_DAYS } from '../lib/board';
import { HireDialog } from './HireDialog';

const NOTE_MAX = 4000;

export interface ApplicationDialogProps {
  applicationId: number;
  /** The stages of its form, for Move to …. */
  stages: readonly Stage[];
  onMove: (application: ApplicationSummary, stage: Stage) => void;
  onClose: () => void;
}

/** Internal notes, oldest first, and a note to add (closing the dialog with one typed asks first). */
function Notes({ application }: { application: ApplicationDetail }) {
  const slug = useActiveSlug();
  const add = useAddNote(slug);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { body: '' },
    validate: { body: (value) => (value.trim() === '' ? 'Write the note.' : null) },
  });
  useDirtyInDialog(form.isDirty());
  const submit = form.onSubmit(({ body }) => {
    setRefusal(null);
    add.mutate(
      { applicationId: application.id, body: body.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `Note added to the application of ${application.displayName}.` });
          form.reset();
        },
        onError: (error) => {
          setRefusal(recruitmentErrorText(error));
        },
      },
    );
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="application-notes">
      <Title order={3} size="h5" id="application-notes">
        Internal notes ({application.notes.length})
      </Title>
      <Text size="xs" c="dimmed">
        Reviewers only: the applicant never reads them.
      </Text>
      {application.notes.map((note) => (
        <Paper key={note.id} withBorder p="xs" radius="sm" data-testid="application-note">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.body}
          </Text>
          <Text size="xs" c="dimmed">
            {note.author} · {formatDay(note.createdAt)}
          </Text>
        </Paper>
      ))}
      {!application.own && (
        <form noValidate onSubmit={submit} aria-label="Add a note">
          <Stack gap="xs">
            <Textarea label="New note" autosize minRows={2} maxRows={6} maxLength={NOTE_MAX} {...form.getInputProps('body')} />
            <FailureAlert message={refusal} testId="note-problem" />
            <Group justify="flex-end">
              <Button type="submit" size="xs" loading={add.isPending}>
                Add note
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** The tally, who voted how, and the viewer's own vote (for, against, or taken back). */
function Votes({ application }: { application: ApplicationDetail }) {
  const slug = useActiveSlug();
  const vote = useVote(slug);
  const cast = (choice: 'for' | 'against' | 'none') => {
    vote.mutate(
      { applicationId: application.id, vote: choice },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: choice === 'none' ? 'Your vote is taken back.' : `You voted ${choice} ${application.displayName}.`,
          });
        },
        onError: (error) => {
          notifications.show({ color: 'red', title: 'Vote not saved', message: recruitmentErrorText(error) });
        },
      },
    );
  };
  const mine = application.myVote ?? null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="application-votes">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h5" id="application-votes">
          Votes
        </Title>
        <Text size="sm" fw={600} data-testid="vote-tally">
          {tallyText(application.votesFor, application.votesAgainst)}
        </Text>
      </Group>
      {application.votes.length > 0 && (
        <Group gap={6} wrap="wrap">
          {application.votes.map((v) => (
            <Badge key={v.voterId} variant="light" color={v.vote === 'for' ? 'green' : 'red'} style={{ textTransform: 'none' }}>
              {v.voterName}: {v.vote}
            </Badge>
          ))}
        </Group>
      )}
      {!application.own && (
        <Group gap="xs" wrap="wrap">
          <Button size="xs" color="green" variant={mine === 'for' ? 'filled' : 'light'} aria-pressed={mine === 'for'} loading={vote.isPending} onClick={() => { cast(mine === 'for' ? 'none' : 'for'); }}>
            Vote for
          </Button>
          <Button size="xs" color="red" variant={mine === 'against' ? 'filled' : 'light'} aria-pressed={mine === 'against'} loading={vote.isPending} onClick={() => { cast(mine === 'against' ? 'none' : 'against'); }}>
            Vote against
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Body({ application, stages, onMove }: { application: ApplicationDetail; stages: readonly Stage[]; onMove: ApplicationDialogProps['onMove'] }) {
  const access = useNavAccess();
  const [hiring, setHiring] = useState(false);
  const managesRoster = access.isHighCommand || (access.viewer?.assignableLevels.length ?? 0) > 0;
  const hired = application.hiredAt != null;
  const reason = application.denialReason?.trim() ?? '';
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Badge color={stageColor(application.stageKind)} variant="light" style={{ textTransform: 'none' }} data-testid="application-stage">
            {application.stage}
          </Badge>
          {hired && (
            <Badge color="green" variant="filled" style={{ textTransform: 'none' }}>
              Hired
            </Badge>
          )}
          <Text size="sm" c="dimmed">
            {application.formTitle} · sent {formatDay(application.createdAt)}
          </Text>
        </Group>
        <Text size="sm">
          Discord <Text span fw={600}>@{application.discordName}</Text> ({application.discordId}), account made{' '}
          {formatDay(application.accountCreatedAt)}:{' '}
          <Text span c={application.accountAgeDays < YOUNG_ACCOUNT_DAYS ? 'orange' : undefined} fw={600} data-testid="account-age">
            {accountAgeText(application.accountAgeDays)} old
          </Text>{' '}
          when applying.
        </Text>
        {reason !== '' && (
          <Text size="sm">
            <Text span fw={600}>
              Reason given:
            </Text>{' '}
            {reason}
          </Text>
        )}
      </Stack>
      {application.own ? (
        <Alert color="grape" variant="light">
          {OWN_APPLICATION}
        </Alert>
      ) : (
        <Group gap="xs" wrap="wrap">
          {!hired && (
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <Button variant="default" size="sm">
                  Move to…
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {moveTargets(stages, application.stageId).map((stage) => (
                  <Menu.Item
                    key={stage.id}
                    onClick={() => {
                      onMove(application, stage);
                    }}
                  >
                    {stage.name}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          {application.stageKind === 'accepted' && !hired && managesRoster && (
            <Button
              color="green"
              onClick={() => {
                setHiring(true);
              }}
            >
              Hire
            </Button>
          )}
          {hired && (
            <Anchor component={Link} to="/roster" size="sm" data-testid="hired-link">
              {application.hiredBy == null ? 'Hired: open the roster' : `Hired by ${application.hiredBy}: open the roster`}
            </Anchor>
          )}
        </Group>
      )}
      <Divider />
      <Stack gap="xs" component="section" aria-labelledby="application-answers">
        <Title order={3} size="h5" id="application-answers">
          Answers
        </Title>
        {application.answers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No answers.
          </Text>
        ) : (
          <Stack gap={6} component="dl" m={0}>
            {application.answers.map((answer) => (
              <div key={answer.questionId}>
                <Text component="dt" size="xs" c="dimmed" fw={600}>
                  {answer.label}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {answerText(answer.value)}
                </Text>
              </div>
            ))}
          </Stack>
        )}
      </Stack>
      <Divider />
      <Votes application={application} />
      <Divider />
      <Notes application={application} />
      {hiring && (
        <HireDialog
          application={application}
          onClose={() => {
            setHiring(false);
          }}
        />
      )}
    </Stack>
  );
}

/** One application: who, where it stands, Move to … and Hire, the answers, the votes and the internal notes. */
export function ApplicationDialog({ applicationId, stages, onMove, onClose }: ApplicationDialogProps) {
  const slug = useActiveSlug();
  const query = useQuery(applicationQueryOptions(slug, applicationId));
  return (
    <Dialog title={query.data ? `Application of ${query.data.displayName}` : 'Application'} size="xl" onClose={onClose}>
      <QueryStatus query={query} loading="Loading the application…" errorTitle="Failed to load the application" errorText={recruitmentErrorText}>
        {query.data && <Body application={query.data} stages={stages} onMove={onMove} />}
      </QueryStatus>
    </Dialog>
  );
}
