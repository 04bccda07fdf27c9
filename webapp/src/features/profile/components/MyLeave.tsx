import { Alert, Button, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { messageOf } from '@/api/client';
import { confirmThenMutate } from '@/components/confirm';
import { LeaveStatusBadge } from '@/components/LeaveStatusBadge';
import { formatPeriod, localToday, periodLength } from '@/lib/days';
import { canCancelLeave, newestFirst } from '@/lib/leave';
import { leaveErrorText, myLeaveQueryOptions, useCancelLeave, type LeaveRequest } from '../api/my-records';
import { RequestLeaveDialog } from './RequestLeaveDialog';

export const NO_LEAVE = 'No leave requested yet.';

function LeaveRow({ request, today, canChange, busy, onCancel }: { request: LeaveRequest; today: string; canChange: boolean; busy: boolean; onCancel: () => void }) {
  const period = formatPeriod(request.startsOn, request.endsOn);
  const decided = request.decidedBy?.trim() ? `${request.status === 'denied' ? 'Denied' : 'Approved'} by ${request.decidedBy.trim()}` : null;
  return (
    <Paper withBorder p="sm" radius="md" component="li" style={{ listStyle: 'none' }} data-testid="my-leave" aria-label={period}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm">
              {period}
            </Text>
            <LeaveStatusBadge request={request} today={today} />
          </Group>
          <Text size="xs" c="dimmed">
            {periodLength(request.startsOn, request.endsOn)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.reason}
          </Text>
          {request.status !== 'cancelled' && decided !== null && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {decided}
              {request.decisionNote?.trim() ? `: ${request.decisionNote.trim()}` : ''}
            </Text>
          )}
        </Stack>
        {canChange && canCancelLeave(request, today) && (
          <Button size="compact-sm" variant="default" disabled={busy} aria-label={`Cancel leave ${period}`} onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * 'Leave of absence' on the profile (issue 23): Request leave, and the member's own requests,
 * the latest first, each with its status (Pending, Approved, On leave now, Taken, Denied,
 * Cancelled), who decided and their note, and Cancel while it is pending or has not begun.
 * `canChange` is false on leave of absence (the server refuses writes then).
 */
export function MyLeave({ canChange }: { canChange: boolean }) {
  const slug = useActiveSlug();
  const query = useQuery(myLeaveQueryOptions(slug));
  const cancel = useCancelLeave(slug);
  const [requesting, setRequesting] = useState(false);
  const today = localToday();
  const requests = newestFirst(query.data ?? []);

  const confirmCancel = (request: LeaveRequest) => {
    const period = formatPeriod(request.startsOn, request.endsOn);
    confirmThenMutate({
      title: 'Cancel this leave?',
      message: `Your leave of ${period} will be cancelled.`,
      confirmLabel: 'Cancel leave',
      cancelLabel: 'Keep it',
      mutation: cancel,
      variables: request.id,
      done: `Leave of ${period} cancelled.`,
      failedTitle: 'Leave not cancelled',
      errorText: leaveErrorText,
    });
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="profile-leave">
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={2} size="h4" id="profile-leave">
          Leave of absence
        </Title>
        {canChange && (
          <Button
            size="xs"
            onClick={() => {
              setRequesting(true);
            }}
          >
            Request leave
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <Group gap="sm" aria-busy="true">
          <Loader size="sm" />
          <Text>Loading your leave…</Text>
        </Group>
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {messageOf(query.error, 'Failed to load leave requests')}
        </Alert>
      ) : requests.length === 0 ? (
        <Text c="dimmed" data-testid="my-leave-empty">
          {NO_LEAVE}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} aria-label="My leave requests">
          {requests.map((request) => (
            <LeaveRow
              key={request.id}
              request={request}
              today={today}
              canChange={canChange}
              busy={cancel.isPending}
              onCancel={() => {
                confirmCancel(request);
              }}
            />
          ))}
        </Stack>
      )}
      {requesting && (
        <RequestLeaveDialog
          onClose={() => {
            setRequesting(false);
          }}
        />
      )}
    </Card>
  );
}
