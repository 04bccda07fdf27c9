import { Anchor, Avatar, Button, Card, Container, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { messageOf } from '@/api/client';
import type { MeUser, RosterEntry } from '@/api/types';
import { LOGOUT_LABEL, LogoutForm } from '@/components/LogoutForm';
import { QueryStatus } from '@/components/QueryStatus';
import { discordAvatarUrl, initials } from '@/lib/avatar';
import { formatCallsign } from '@/lib/callsign';
import { discordTag, loginHref } from '@/lib/identity';
import { insigniaUrl } from '@/lib/insignia';
import { canWrite } from '@/lib/rank-access';
import { formatTimeInGrade } from '@/lib/time-in-grade';
import { useMe } from '@/session/use-me';
import { useNavAccess } from '@/session/use-nav-access';
import { MyDuty } from './MyDuty';
import { MyLeave } from './MyLeave';
import { MyQualifications } from './MyQualifications';
import { MyReports } from './MyReports';
import { MyTraining } from './MyTraining';

export const NOT_LOGGED_IN = 'Not logged in';
export const NO_NOTES = 'No notes yet.';

function orDash(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  return text === '' ? '-' : text;
}

function SignedOut() {
  const { pathname } = useLocation();
  return (
    <Container size="sm" py="xl">
      <Stack gap="xs">
        <Title order={1}>{NOT_LOGGED_IN}</Title>
        <Text c="dimmed">Sign in with your Discord account to see your profile.</Text>
        <Anchor href={loginHref(pathname)}>Login (Discord)</Anchor>
      </Stack>
    </Container>
  );
}

function Details({ user, entry }: { user: MeUser; entry: RosterEntry | undefined }) {
  const rows: [string, string][] = [
    ['Rank', orDash(entry?.rank)],
    ['Callsign', orDash(formatCallsign(entry?.callsign))],
    ['Department', orDash(entry?.departmentName ?? entry?.departmentId)],
    ['Status', orDash(entry?.status)],
    ['Time in grade', formatTimeInGrade(entry?.timeInGradeDays)],
    ['Discord', discordTag(user)],
  ];
  return (
    <Table variant="vertical" withTableBorder layout="fixed" data-testid="profile-details">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={160}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The last action recorded on the member and its reason, else 'No notes yet.' */
function Notes({ entry }: { entry: RosterEntry | undefined }) {
  const action = entry?.action?.trim() ?? '';
  const reason = entry?.reason?.trim() ?? '';
  if (action === '' && reason === '') return <Text c="dimmed">{NO_NOTES}</Text>;
  return (
    <Stack gap={4} data-testid="profile-notes-body">
      {action !== '' && (
        <Text>
          <Text span fw={600}>
            Last action:
          </Text>{' '}
          {action}
        </Text>
      )}
      {reason !== '' && (
        <Text>
          <Text span fw={600}>
            Reason:
          </Text>{' '}
          {reason}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Profile (command-and-reports §2 Profile): the signed-in member's roster entry; their
 * duty time (issue 24); their qualifications, leave of absence and a link to their personnel
 * file (issue 23); then (issue 10)
 * the reports they filed with their review status, and their training sessions.
 */
export function ProfilePage() {
  const me = useMe();
  const { viewer } = useNavAccess();

  if (me.status !== 'success') {
    return (
      <Container size="sm" py="xl">
        <QueryStatus
          query={me}
          loading="Loading profile…"
          loader="spinner"
          errorTitle="Profile unavailable"
          errorText={(error) => messageOf(error, 'Failed to load profile')}
        />
      </Container>
    );
  }
  const user = me.data.user;
  if (!user) return <SignedOut />;

  const entry = me.data.rosterMatches[0];
  const name = entry?.name ?? discordTag(user);
  const avatar = discordAvatarUrl({ id: user.id, avatar: user.avatar ?? null, discriminator: user.discriminator });

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Card withBorder padding="lg" radius="md">
          <Group wrap="nowrap" align="center" gap="lg">
            {/* Mantine Avatar shows its children (the initials) when the image fails to load. */}
            <Avatar src={avatar} alt={name} size={96} radius="xl" color="agency">
              {initials(name)}
            </Avatar>
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Title order={1}>{name}</Title>
              <Text c="dimmed">{entry ? orDash(entry.rank) : 'No roster entry in this agency.'}</Text>
            </Stack>
            {entry?.insignia ? (
              <Image
                src={insigniaUrl(entry.insignia)}
                alt={`${orDash(entry.rank)} insignia`}
                h={72}
                w={72}
                fit="contain"
              />
            ) : null}
          </Group>
        </Card>

        <Details user={user} entry={entry} />

        <Group>
          <Button component={Link} to="/roster" variant="light">
            View roster
          </Button>
          {entry !== undefined && (
            <Button component={Link} to={`/roster/${String(entry.id)}/file`} variant="light">
              My file
            </Button>
          )}
          <LogoutForm>
            <Button type="submit" variant="default">
              {LOGOUT_LABEL}
            </Button>
          </LogoutForm>
        </Group>

        <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="profile-notes">
          <Title order={2} size="h4" id="profile-notes" mb="xs">
            Notes
          </Title>
          <Notes entry={entry} />
        </Card>

        {entry !== undefined && <MyDuty />}
        {entry !== undefined && <MyQualifications rosterId={entry.id} />}
        {entry !== undefined && <MyLeave canChange={viewer === null || canWrite(viewer)} />}
        <MyReports />
        <MyTraining />
      </Stack>
    </Container>
  );
}
