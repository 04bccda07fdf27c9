import { Alert, Card, Group, Loader, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useActiveSlug } from '@/agency/context';
import { messageOf } from '@/api/client';
import { HoldingList } from '@/components/HoldingList';
import { localToday } from '@/lib/days';
import { memberQualificationsQueryOptions } from '../api/my-records';

export const NO_QUALIFICATIONS = 'You hold no qualification yet.';

/**
 * 'Qualifications' on the profile (issue 23): what the member holds, each with its expiry; one
 * that runs out within two weeks is marked "Expires soon", an expired one "Expired" (it stays
 * listed), a revoked one "Revoked".
 */
export function MyQualifications({ rosterId }: { rosterId: number }) {
  const slug = useActiveSlug();
  const query = useQuery(memberQualificationsQueryOptions(slug, rosterId));
  const holdings = query.data?.holdings ?? [];
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="profile-qualifications">
      <Title order={2} size="h4" id="profile-qualifications" mb="xs">
        Qualifications
      </Title>
      {query.isPending ? (
        <Group gap="sm" aria-busy="true">
          <Loader size="sm" />
          <Text>Loading your qualifications…</Text>
        </Group>
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {messageOf(query.error, 'Failed to load qualifications')}
        </Alert>
      ) : holdings.length === 0 ? (
        <Text c="dimmed" data-testid="my-qualifications-empty">
          {NO_QUALIFICATIONS}
        </Text>
      ) : (
        <HoldingList holdings={holdings} today={localToday()} label="My qualifications" />
      )}
    </Card>
  );
}
