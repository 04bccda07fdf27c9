import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText, messageOf } from '@/api/client';
import type { Agency } from '@/api/types';
import { AgencyDataButtons } from '@/components/AgencyDataButtons';
import { ImageUploadField } from '@/components/ImageUploadField';
import { QueryStatus } from '@/components/QueryStatus';
import { DEFAULT_AGENCY_SLUG } from '@/lib/active-agency';
import { imageProblem } from '@/lib/images';
import { allAgenciesQueryOptions } from '../api/agencies-admin';
import { useUpdateAgency, useUploadAgencyMedia } from '../api/use-agencies-admin';
import { AGENCY_MEDIA_KINDS, type AgencyMediaKey } from '../lib/agency-admin';

export const ROOT_CANNOT_BE_HIDDEN = 'The root agency cannot be hidden.';

function AgencyCard({ agency, activeSlug }: { agency: Agency; activeSlug: string }) {
  const update = useUpdateAgency(activeSlug);
  const upload = useUploadAgencyMedia();
  const [working, setWorking] = useState<AgencyMediaKey | null>(null);
  const isRoot = agency.slug === DEFAULT_AGENCY_SLUG;
  const hidden = agency.flags.hidden;

  const onToggleVisibility = () => {
    update.mutate(
      { slug: agency.slug, patch: { flags: { hidden: !hidden } } },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: hidden ? 'Agency is visible in the portal again.' : 'Agency hidden from portal navigation.',
          });
        },
        onError: (error) => {
          notifications.show({
            color: 'red',
            title: 'Failed to update agency visibility.',
            message: messageOf(error, 'Failed to update agency visibility.'),
          });
        },
      },
    );
  };

  const setImage = (key: AgencyMediaKey, label: string, url: string | null) => {
    update.mutate(
      { slug: agency.slug, patch: { theme: { [key]: url } } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: url === null ? `${label} cleared.` : `${label} updated.` });
        },
        onError: (error) => {
          notifications.show({ color: 'red', title: 'Update failed', message: messageOf(error, 'Update failed') });
        },
        onSettled: () => {
          setWorking(null);
        },
      },
    );
  };

  const onPick = (key: AgencyMediaKey, label: string, file: File) => {
    const problem = imageProblem(file);
    if (problem !== null) {
      notifications.show({ color: 'red', title: 'Upload failed', message: problem });
      return;
    }
    setWorking(key);
    upload.mutate(
      { slug: agency.slug, file },
      {
        onSuccess: ({ url }) => {
          setImage(key, label, url);
        },
        onError: (error) => {
          setWorking(null);
          notifications.show({
            color: 'red',
            title: 'Upload failed',
            message: failureText(error, (status) => `HTTP ${status}`, messageOf(error, 'Upload failed')),
          });
        },
      },
    );
  };

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={`agency-${agency.slug}-name`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} id={`agency-${agency.slug}-name`}>
              {agency.name}
            </Text>
            <Text size="xs" c="dimmed">
              {agency.slug}
              {agency.shortName ? ` · ${agency.shortName}` : ''}
              {agency.domain ? ` · ${agency.domain}` : ''}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {isRoot && (
              <Badge variant="outline" size="sm">
                Root
              </Badge>
            )}
            <Badge color={hidden ? 'gray' : 'green'} variant="light" size="sm">
              {hidden ? 'Hidden' : 'Visible'}
            </Badge>
          </Group>
        </Group>
        <Group gap="xs" wrap="wrap">
          {isRoot && !hidden ? (
            // The root agency cannot be hidden: say so instead of offering a button that fails.
            <Text size="xs" c="dimmed" data-testid="root-not-hideable">
              {ROOT_CANNOT_BE_HIDDEN}
            </Text>
          ) : (
            <Button size="xs" variant="default" onClick={onToggleVisibility} loading={update.isPending && working === null}>
              {hidden ? 'Unhide' : 'Hide'}
            </Button>
          )}
          <AgencyDataButtons slug={agency.slug} name={agency.name} activeSlug={activeSlug} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {AGENCY_MEDIA_KINDS.map(({ key, label }) => (
            <ImageUploadField
              key={key}
              label={label}
              value={agency.theme[key] ?? null}
              uploading={working === key}
              disabled={working !== null && working !== key}
              onPick={(file) => {
                onPick(key, label, file);
              }}
              onClear={() => {
                setWorking(key);
                setImage(key, label, null);
              }}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** Existing agencies, hidden ones included, each with hide/unhide and media uploads. */
export function AgencyList({ activeSlug }: { activeSlug: string }) {
  const list = useQuery(allAgenciesQueryOptions(activeSlug));
  return (
    <Stack gap="sm" component="section" aria-labelledby="agency-list-title">
      <Group justify="space-between">
        <Title order={2} size="h4" id="agency-list-title">
          Agencies
        </Title>
        <Button variant="default" size="xs" onClick={() => void list.refetch()} loading={list.isFetching}>
          Refresh
        </Button>
      </Group>
      <QueryStatus
        query={list}
        loading="Loading agencies…"
        loader="spinner"
        errorTitle="Unable to load agencies"
        errorText={(error) =>
          failureText(error, (status) => `Failed to load agencies (HTTP ${status})`, 'Failed to load agencies.')
        }
      />
      {list.data && (
        <Stack gap="sm">
          {list.data.agencies.map((agency) => (
            <AgencyCard key={agency.slug} agency={agency} activeSlug={activeSlug} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
