import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useActiveSlug } from '@/agency/context';
import { Dialog } from '@/components/Dialog';
import { QueryStatus } from '@/components/QueryStatus';
import { loginHref } from '@/lib/identity';
import { useNavAccess } from '@/session/use-nav-access';
import { memberLoadErrorText, vehiclesQueryOptions, type Vehicle } from '../api/vehicles';
import {
  LOGIN_TO_FILTER,
  NO_LIVERIES,
  NO_VARIANTS,
  NOT_FOR_YOUR_RANK,
  VEHICLE_LIST_UNAVAILABLE,
  variantCount,
} from '../lib/vehicle-editor';
import { VehicleImage } from './VehicleImage';

/**
 * The vehicle details: name, image, notes, and each variant with the liveries the viewer's
 * rank may use (the server sends only those); a variant left without any shows 'Not
 * available for your rank' (signed out, where every livery is listed: 'No liveries
 * registered.').
 */
function VehicleDetails({ vehicle, signedIn, onClose }: { vehicle: Vehicle; signedIn: boolean; onClose: () => void }) {
  const variants = vehicle.variants ?? [];
  return (
    <Dialog onClose={onClose} title={vehicle.name} size="lg">
      <Stack gap="md" data-testid="vehicle-details">
        {(vehicle.image ?? '').trim() !== '' && <VehicleImage src={vehicle.image} name={vehicle.name} height={220} />}
        {(vehicle.notes ?? '').trim() !== '' && (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{vehicle.notes}</Text>
        )}
        <Title order={3} size="h4">
          Variants
        </Title>
        {variants.length === 0 ? (
          <Text c="dimmed">{NO_VARIANTS}</Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {variants.map((variant, index) => {
              const liveries = variant.liveries ?? [];
              return (
                <Card key={`${variant.name}-${String(index)}`} component="li" withBorder padding="sm" data-testid="vehicle-variant">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {variant.name}
                  </Text>
                  {liveries.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {signedIn ? NOT_FOR_YOUR_RANK : NO_LIVERIES}
                    </Text>
                  ) : (
                    <Group gap={6} mt={6} aria-label={`Liveries of ${variant.name}`} role="list">
                      {liveries.map((livery, liveryIndex) => (
                        <Badge
                          key={`${livery.name}-${String(liveryIndex)}`}
                          role="listitem"
                          variant="light"
                          size="lg"
                          tt="none"
                          style={{ maxWidth: '100%' }}
                        >
                          {livery.name}
                        </Badge>
                      ))}
                    </Group>
                  )}
                </Card>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Dialog>
  );
}

/**
 * Vehicles (member-portal §2.7): a card grid of the vehicles the viewer's rank may use, each
 * with 'View details'. Signed-out visitors see every vehicle and a prompt to log in to filter.
 */
export function VehiclesPage() {
  const slug = useActiveSlug();
  const { pathname } = useLocation();
  const access = useNavAccess();
  const query = useQuery(vehiclesQueryOptions(slug));
  const [openId, setOpenId] = useState<number | null>(null);
  const signedIn = access.viewer?.isAuthenticated === true;
  const vehicles = query.data?.vehicles ?? [];
  const open = openId === null ? undefined : vehicles[openId];

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Title order={1}>Vehicles</Title>
        {access.viewer !== null && !signedIn && (
          <Alert color="blue" variant="light" data-testid="vehicles-login-prompt">
            <Text size="sm">{LOGIN_TO_FILTER}</Text>
            <Anchor href={loginHref(pathname)} size="sm" fw={600}>
              Log in to filter by rank
            </Anchor>
          </Alert>
        )}
        <QueryStatus
          query={query}
          loading="Loading vehicles…"
          errorTitle={VEHICLE_LIST_UNAVAILABLE}
          errorText={memberLoadErrorText}
          empty={
            query.isSuccess && vehicles.length === 0
              ? signedIn
                ? 'No vehicles are available for your rank.'
                : 'No vehicles registered.'
              : null
          }
          emptyTestId="vehicles-empty"
        >
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
            {vehicles.map((vehicle, index) => (
              <Card key={vehicle.id ?? index} withBorder padding="md" radius="md" component="article" data-testid="vehicle-card">
                <Card.Section>
                  <VehicleImage src={vehicle.image} name={vehicle.name} height={160} />
                </Card.Section>
                <Stack gap={4} mt="sm" style={{ flex: 1 }}>
                  <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                    {vehicle.name}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {variantCount((vehicle.variants ?? []).length)}
                  </Text>
                  {(vehicle.notes ?? '').trim() !== '' && (
                    <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {vehicle.notes}
                    </Text>
                  )}
                </Stack>
                <Button
                  mt="sm"
                  variant="light"
                  fullWidth
                  aria-label={`View details of ${vehicle.name}`}
                  onClick={() => {
                    setOpenId(index);
                  }}
                >
                  View details
                </Button>
              </Card>
            ))}
          </SimpleGrid>
        </QueryStatus>
      </Stack>
      {open !== undefined && (
        <VehicleDetails
          vehicle={open}
          signedIn={signedIn}
          onClose={() => {
            setOpenId(null);
          }}
        />
      )}
    </Container>
  );
}
