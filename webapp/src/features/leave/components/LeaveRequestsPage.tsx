import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { CardsOrTable } from '@/components/CardsOrTable';
import { LeaveStatusBadge } from '@/components/LeaveStatusBadge';
import { LoaNotice } from '@/components/LoaNotice';
import { Page } from '@/components/Page';
import { EmptyNotice, QueryStatus } from '@/components/QueryStatus';
import { formatDay, formatPeriod, localToday, periodLength } from '@/lib/days';
import { reviewOrder } from '@/lib/leave';
import { canWrite, isOnLeave } from '@/lib/rank-access';
import { useNavAccess } from '@/session/use-nav-access';
import { leaveErrorText, leaveRequestsQueryOptions, type LeaveAction, type LeaveRequest } from '../api/leave';
import { NO_DECIDED, NO_PENDING, OWN_REQUEST, PAGE_DESCRIPTION, PAGE_TITLE, UNAVAILABLE } from '../lib/leave-review';
import { DecideLeaveDialog } from './DecideLeaveDialog';

interface PendingCardProps {
  request: LeaveRequest;
  own: boolean;
  writable: boolean;
  onDecide: (action: LeaveAction) => void;
}

/** A request waiting for a decision: who, when, why, and Approve / Deny (never on one's own). */
function PendingCard({ request, own, writable, onDecide }: PendingCardProps) {
  const titleId = `leave-${String(request.id)}-member`;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId} data-testid="pending-leave">
      <Stack gap={6}>
        <Stack gap={0}>
          <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {request.member}
          </Title>
          {request.departmentName != null && (
            <Text size="xs" c="dimmed">
              {request.departmentName}
            </Text>
          )}
        </Stack>
        <Text size="sm" fw={600}>
          {formatPeriod(request.startsOn, request.endsOn)}{' '}
          <Text span size="sm" c="dimmed" fw={400}>
            ({periodLength(request.startsOn, request.endsOn)})
          </Text>
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {request.reason}
        </Text>
        <Text size="xs" c="dimmed">
          Asked {formatDay(request.createdAt)}
        </Text>
        {own ? (
          <Text size="sm" c="dimmed" data-testid="own-leave-request">
            {OWN_REQUEST}
          </Text>
        ) : (
          writable && (
            <Group gap="xs" justify="flex-end">
              <Button
                size="xs"
                variant="light"
                color="red"
                aria-label={`Deny leave of ${request.member}`}
                onClick={() => {
                  onDecide('deny');
                }}
              >
                Deny
              </Button>
              <Button
                size="xs"
                color="green"
                aria-label={`Approve leave of ${request.member}`}
                onClick={() => {
                  onDecide('approve');
                }}
              >
                Approve
              </Button>
            </Group>
          )
        )}
      </Stack>
    </Paper>
  );
}

/** Who decided and their note, or who cancelled it. */
function decisionText(request: LeaveRequest): string {
  if (request.status === 'cancelled') return 'Cancelled by the member';
  const by = request.decidedBy?.trim() ?? '';
  const note = request.decisionNote?.trim() ?? '';
  return [by === '' ? null : `By ${by}`, note === '' ? null : note].filter((part) => part !== null).join(': ') || '-';
}

/**
 * Supervisor → Leave requests (issue 23): the requests waiting for a decision first (the
 * earliest leave first), each with Approve and Deny and a note; the decided ones below, the
 * latest first. A reviewer's own request shows without the buttons (the server refuses it too).
 * Members on leave of absence read it only.
 */
export function LeaveRequestsPage() {
  const slug = useActiveSlug();
  const access = useNavAccess();
  const writable = canWrite(access.viewer);
  const ownId = access.viewer?.roster?.id ?? null;
  const query = useQuery(leaveRequestsQueryOptions(slug));
  const [deciding, setDeciding] = useState<{ request: LeaveRequest; action: LeaveAction } | null>(null);
  const today = localToday();
  const { pending, decided } = reviewOrder(query.data ?? []);

  return (
    <Page size="xl" title={PAGE_TITLE} description={PAGE_DESCRIPTION}>
      {isOnLeave(access.viewer) && <LoaNotice />}
      <QueryStatus query={query} loading="Loading leave requests…" errorTitle={UNAVAILABLE} errorText={(error) => leaveErrorText(error)}>
        <Stack gap="lg">
          <Stack gap="sm" component="section" aria-labelledby="leave-pending">
            <Title order={2} size="h4" id="leave-pending">
              Waiting for a decision ({pending.length})
            </Title>
            {pending.length === 0 ? (
              <EmptyNotice text={NO_PENDING} testId="pending-leave-empty" />
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="sm">
                {pending.map((request) => (
                  <PendingCard
                    key={request.id}
                    request={request}
                    own={request.rosterId === ownId}
                    writable={writable}
                    onDecide={(action) => {
                      setDeciding({ request, action });
                    }}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="leave-decided">
            <Title order={2} size="h4" id="leave-decided">
              Decided
            </Title>
            {decided.length === 0 ? (
              <EmptyNotice text={NO_DECIDED} testId="decided-leave-empty" />
            ) : (
              <CardsOrTable
                items={decided}
                itemKey={(request) => request.id}
                label="Decided leave requests"
                columns={['Member', 'Leave', 'Reason', 'Status', 'Decision']}
                row={(request) => (
                  <Table.Tr data-testid="decided-leave">
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {request.member}
                      </Text>
                      {request.departmentName != null && (
                        <Text size="xs" c="dimmed">
                          {request.departmentName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPeriod(request.startsOn, request.endsOn)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: 320 }}>{request.reason}</Table.Td>
                    <Table.Td>
                      <LeaveStatusBadge request={request} today={today} />
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: 320 }}>{decisionText(request)}</Table.Td>
                  </Table.Tr>
                )}
                card={(request) => (
                  <Paper withBorder radius="md" p="sm" data-testid="decided-leave">
                    <Stack gap={4}>
                      <Group justify="space-between" gap="xs" wrap="wrap">
                        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {request.member}
                        </Text>
                        <LeaveStatusBadge request={request} today={today} />
                      </Group>
                      <Text size="sm">{formatPeriod(request.startsOn, request.endsOn)}</Text>
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {request.reason}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {decisionText(request)}
                      </Text>
                    </Stack>
                  </Paper>
                )}
              />
            )}
          </Stack>
        </Stack>
      </QueryStatus>
      {deciding !== null && (
        <DecideLeaveDialog
          request={deciding.request}
          action={deciding.action}
          onClose={() => {
            setDeciding(null);
          }}
        />
      )}
    </Page>
  );
}
