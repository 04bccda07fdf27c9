import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { AllowedRankNames } from '@/components/AllowedRankNames';
import { LoadFailureCard } from '@/components/CatalogueManager';
import { confirmAction } from '@/components/confirm';
import { LoaNotice } from '@/components/LoaNotice';
import { Page } from '@/components/Page';
import { QueryStatus } from '@/components/QueryStatus';
import { RequiredQualificationsLine } from '@/components/RequiredQualifications';
import { SaveProblemAlert } from '@/components/SaveProblemAlert';
import { canWrite } from '@/lib/rank-access';
import { allowedSummary } from '@/lib/rank-list';
import { useNavAccess } from '@/session/use-nav-access';
import {
  isStaleSave,
  manageLoadErrorText,
  managedVehiclesQueryOptions,
  saveErrorText,
  useSaveVehicles,
  type RankOption,
  type Vehicle,
  type VehicleList,
} from '../api/vehicles';
import {
  draftOf,
  liveryCount,
  NO_VARIANTS,
  NO_VEHICLES_CONFIGURED,
  REMOVE_VEHICLE,
  UNABLE_TO_LOAD,
  VEHICLE_CREATED,
  VEHICLE_REMOVED,
  VEHICLE_UPDATED,
  vehicleOf,
  withoutVehicle,
  withVehicle,
  type VehicleDraft,
} from '../lib/vehicle-editor';
import { VehicleEditorModal, type SaveProblem } from './VehicleEditorModal';
import { VehicleImage } from './VehicleImage';

interface Editor {
  /** The vehicle as opened (the dialog's form starts from it). */
  start: VehicleDraft;
  /** Its save is under way: the dialog is hidden, and shown again if the save is refused. */
  saving: boolean;
}

function VehicleCard({
  vehicle,
  ranks,
  writable,
  busy,
  onEdit,
  onDelete,
}: {
  vehicle: Vehicle;
  /** The ranks of the answer, to name the allowed ones. */
  ranks: readonly RankOption[];
  writable: boolean;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const variants = vehicle.variants ?? [];
  return (
    <Card withBorder padding="md" radius="md" component="article" data-testid="vehicle-card">
      <Card.Section>
        <VehicleImage src={vehicle.image} name={vehicle.name} height={140} />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {vehicle.name}
        </Title>
        <Text size="sm" data-testid="vehicle-allowed">
          <Text span fw={600}>
            Allowed:
          </Text>{' '}
          {allowedSummary(vehicle.allowedRanks ?? [])}
        </Text>
        <AllowedRankNames allowed={vehicle.allowedRanks} ranks={ranks} />
        <RequiredQualificationsLine ids={vehicle.requiredQualifications} />
        {(vehicle.notes ?? '').trim() !== '' && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {vehicle.notes}
          </Text>
        )}
        {variants.length === 0 ? (
          <Text size="sm" c="dimmed">
            {NO_VARIANTS}
          </Text>
        ) : (
          <Stack component="ul" gap={2} m={0} pl="md" aria-label={`Variants of ${vehicle.name}`}>
            {variants.map((variant, index) => (
              <li key={`${variant.name}-${String(index)}`}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {variant.name} · {liveryCount((variant.liveries ?? []).length)}
                </Text>
                {(variant.liveries ?? [])
                  .filter((livery) => (livery.requiredQualifications ?? []).length > 0)
                  .map((livery, liveryIndex) => (
                    <Group key={`${livery.name}-${String(liveryIndex)}`} gap={4} wrap="wrap">
                      <Text size="xs" c="dimmed">
                        {livery.name}:
                      </Text>
                      <RequiredQualificationsLine ids={livery.requiredQualifications} />
                    </Group>
                  ))}
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      {writable && (
        <Group mt="md" gap="xs">
          <Button size="xs" onClick={onEdit} disabled={busy} aria-label={`Edit vehicle ${vehicle.name}`}>
            Edit vehicle
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={onDelete}
            disabled={busy}
            aria-label={`Delete ${vehicle.name}`}
          >
            Delete
          </Button>
        </Group>
      )}
    </Card>
  );
}

/**
 * Vehicle access control (command-and-reports §2, §4, §5, §8): the whole vehicle list with
 * Refresh and Add vehicle; each card's Edit vehicle opens the dialog. A save closes the dialog,
 * sends the whole list at the version read, then says 'Vehicle created' or 'Vehicle updated'
 * in green; on failure the dialog opens again with the edits and the error (a list saved by
 * someone else meanwhile offers Reload). Delete (not in the spec) asks 'Remove this vehicle?'
 * and says 'Vehicle removed'. Members on leave see the list read-only.
 */
export function VehicleManagementPage() {
  const slug = useActiveSlug();
  const queryClient = useQueryClient();
  const access = useNavAccess();
  const writable = canWrite(access.viewer);
  const query = useQuery(managedVehiclesQueryOptions(slug));
  const save = useSaveVehicles(slug);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [saveProblem, setSaveProblem] = useState<SaveProblem | null>(null);
  const [reloading, setReloading] = useState(false);

  const data = query.data;
  const vehicles = data?.vehicles ?? [];
  const ranks = data?.ranks ?? [];
  const latest = () => queryClient.getQueryData<VehicleList>(managedVehiclesQueryOptions(slug).queryKey);

  /** Sends the whole list at the version read; `settled` says whether it was saved. */
  const persist = (change: (list: Vehicle[]) => Vehicle[], success: string, settled?: (saved: boolean) => void) => {
    const current = latest();
    if (current === undefined) return;
    setSaveProblem(null);
    save.mutate(
      { vehicles: change(current.vehicles), version: current.version },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: success });
          settled?.(true);
        },
        onError: (error) => {
          const message = saveErrorText(error);
          setSaveProblem({ message, stale: isStaleSave(error) });
          notifications.show({ color: 'red', message });
          settled?.(false);
        },
      },
    );
  };

  const openEditor = (vehicle: Vehicle | null) => {
    setSaveProblem(null);
    setEditor({ start: draftOf(vehicle), saving: false });
  };

  const onSubmit = (draft: VehicleDraft) => {
    const vehicle = vehicleOf(draft);
    setEditor((current) => current && { ...current, saving: true });
    persist((list) => withVehicle(list, vehicle), vehicle.id === '' ? VEHICLE_CREATED : VEHICLE_UPDATED, (saved) => {
      setEditor((current) => (saved || current === null ? null : { ...current, saving: false }));
    });
  };

  const onCancel = () => {
    setEditor(null);
    setSaveProblem(null);
  };

  const onDelete = (vehicle: Vehicle) => {
    confirmAction({
      title: REMOVE_VEHICLE,
      message: vehicle.name,
      confirmLabel: 'Delete',
      onConfirm: () => {
        persist((list) => withoutVehicle(list, vehicle.id ?? ''), VEHICLE_REMOVED);
      },
    });
  };

  const onReload = async () => {
    setReloading(true);
    const result = await query.refetch();
    setReloading(false);
    if (!result.isError) setSaveProblem(null);
  };

  const busy = save.isPending;
  const loadFailedEmpty = query.isError && data === undefined;

  return (
    <Page
      size="xl"
      title="Vehicle management"
      description="Choose which ranks may use each vehicle, variant livery by livery."
      actions={
        <>
          <Button
            variant="default"
            onClick={() => void query.refetch()}
            loading={query.isFetching && !query.isPending}
            disabled={busy}
          >
            Refresh
          </Button>
          {writable && data !== undefined && (
            <Button
              onClick={() => {
                openEditor(null);
              }}
              disabled={busy}
            >
              Add vehicle
            </Button>
          )}
        </>
      }
    >
      {!writable && access.viewer !== null && <LoaNotice />}

      {query.isError && data !== undefined && (
        <Text c="red" size="sm" role="alert" data-testid="vehicles-load-error">
          {manageLoadErrorText(query.error)}
        </Text>
      )}

      {saveProblem !== null && (editor === null || editor.saving) && (
        <SaveProblemAlert
          problem={saveProblem}
          onReload={() => void onReload()}
          reloading={reloading}
          data-testid="vehicles-save-error"
        />
      )}

      {loadFailedEmpty ? (
        <LoadFailureCard
          title={UNABLE_TO_LOAD}
          message={manageLoadErrorText(query.error)}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
          data-testid="vehicles-unavailable"
        />
      ) : (
        <QueryStatus
          query={{ status: data === undefined ? 'pending' : 'success', error: null }}
          loading="Loading vehicles…"
          empty={data !== undefined && vehicles.length === 0 ? NO_VEHICLES_CONFIGURED : null}
          emptyTestId="vehicles-empty"
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {vehicles.map((vehicle, index) => (
              <VehicleCard
                key={vehicle.id ?? index}
                vehicle={vehicle}
                ranks={ranks}
                writable={writable}
                busy={busy}
                onEdit={() => {
                  openEditor(vehicle);
                }}
                onDelete={() => {
                  onDelete(vehicle);
                }}
              />
            ))}
          </SimpleGrid>
        </QueryStatus>
      )}

      {editor !== null && (
        <VehicleEditorModal
          start={editor.start}
          opened={!editor.saving}
          ranks={ranks}
          saveProblem={saveProblem}
          reloading={reloading}
          onSubmit={onSubmit}
          onCancel={onCancel}
          onReload={() => void onReload()}
        />
      )}
    </Page>
  );
}
