import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { Accordion, ActionIcon, Badge, Button, Group, Menu, Paper, ScrollArea, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { GripIcon } from '@/components/icons';
import { Page } from '@/components/Page';
import { QueryStatus } from '@/components/QueryStatus';
import { MOUSE_DISTANCE_PX } from '@/components/SortableRow';
import { formatDay } from '@/lib/days';
import { boardQueryOptions, recruitmentErrorText, useMoveApplication, type ApplicationSummary, type BoardForm, type Stage } from '../api/recruitment';
import {
  accountAgeText,
  BOARD_DESCRIPTION,
  BOARD_TITLE,
  BOARD_UNAVAILABLE,
  boardColumns,
  dropStage,
  moveTargets,
  movedLocally,
  NO_APPLICATIONS_IN_STAGE,
  NO_REVIEWED_FORMS,
  stageColor,
  tallyText,
  YOUNG_ACCOUNT_DAYS,
  type BoardColumn,
} from '../lib/board';
import { ApplicationDialog } from './ApplicationDialog';
import { DenyDialog } from './DenyDialog';

const DESKTOP = '(min-width: 62em)';
const TOUCH_DELAY_MS = 250;

/** A move the reviewer asked for: sent at once, or (to a denied stage) after the reason. */
interface MoveRequest {
  application: ApplicationSummary;
  stage: Stage;
}

/** Moves an application: to a denied stage through the reason dialog, else at once with a notification. */
function useMoves() {
  const slug = useActiveSlug();
  const move = useMoveApplication(slug);
  const [denying, setDenying] = useState<MoveRequest | null>(null);
  const [pending, setPending] = useState<{ applicationId: number; stageId: number } | null>(null);

  const request = ({ application, stage }: MoveRequest) => {
    if (application.stageId === stage.id) return;
    if (stage.kind === 'denied') {
      setDenying({ application, stage });
      return;
    }
    setPending({ applicationId: application.id, stageId: stage.id });
    move.mutate(
      { applicationId: application.id, stageId: stage.id },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `${application.displayName} moved to ${stage.name}.` });
        },
        onError: (error) => {
          notifications.show({ color: 'red', title: `${application.displayName} not moved`, message: recruitmentErrorText(error) });
        },
        onSettled: () => {
          setPending(null);
        },
      },
    );
  };
  return { request, pending, denying, closeDenying: () => { setDenying(null); } };
}

interface CardProps {
  application: ApplicationSummary;
  stages: readonly Stage[];
  draggable: boolean;
  onOpen: () => void;
  onMove: (stage: Stage) => void;
}

/** One application on the board: who, how old their Discord account is, when, votes and notes; Open and Move to …. */
function ApplicationCard({ application: a, stages, draggable, onOpen, onMove }: CardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: `application-${String(a.id)}`,
    disabled: !draggable || a.own,
  });
  const titleId = `application-${String(a.id)}-name`;
  const young = a.accountAgeDays < YOUNG_ACCOUNT_DAYS;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="sm"
      p="xs"
      component="article"
      aria-labelledby={titleId}
      data-testid="application-card"
      style={{
        transform: CSS.Translate.toString(transform),
        position: 'relative',
        zIndex: isDragging ? 10 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <Stack gap={4}>
        <Group gap={4} wrap="nowrap" align="flex-start">
          {draggable && !a.own && (
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`Drag application of ${a.displayName}`}
              style={{ cursor: 'grab', touchAction: 'none', flexShrink: 0 }}
              {...attributes}
              {...listeners}
            >
              <GripIcon size={14} />
            </ActionIcon>
          )}
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} size="sm" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {a.displayName}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              @{a.discordName}
            </Text>
          </Stack>
        </Group>
        <Group gap={4} wrap="wrap">
          <Badge size="xs" variant="light" color={young ? 'orange' : 'gray'} style={{ textTransform: 'none' }} title="Discord account age when applying">
            Account {accountAgeText(a.accountAgeDays)}
          </Badge>
          {a.own && (
            <Badge size="xs" variant="light" color="grape" style={{ textTransform: 'none' }}>
              Your own
            </Badge>
          )}
          {a.hiredAt != null && (
            <Badge size="xs" variant="filled" color="green" style={{ textTransform: 'none' }}>
              Hired
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Sent {formatDay(a.createdAt)} · {tallyText(a.votesFor, a.votesAgainst)} · {a.noteCount} note{a.noteCount === 1 ? '' : 's'}
        </Text>
        <Group gap={4} justify="flex-end" wrap="wrap">
          {!a.own && a.hiredAt == null && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="compact-xs" variant="default" aria-label={`Move application of ${a.displayName}`}>
                  Move to…
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {moveTargets(stages, a.stageId).map((stage) => (
                  <Menu.Item
                    key={stage.id}
                    onClick={() => {
                      onMove(stage);
                    }}
                  >
                    {stage.name}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          <Button size="compact-xs" onClick={onOpen} aria-label={`Open application of ${a.displayName}`}>
            Open
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface ColumnsProps {
  columns: BoardColumn<Stage, ApplicationSummary>[];
  stages: readonly Stage[];
  onOpen: (application: ApplicationSummary) => void;
  onMove: (application: ApplicationSummary, stage: Stage) => void;
}

type ColumnProps = { column: BoardColumn<Stage, ApplicationSummary> } & Omit<ColumnsProps, 'columns'>;

/** A stage's applications as cards, each opened or moved through the board's callbacks. */
function ColumnCards({ column, stages, draggable, onOpen, onMove }: ColumnProps & { draggable: boolean }) {
  return column.applications.map((application) => (
    <ApplicationCard
      key={application.id}
      application={application}
      stages={stages}
      draggable={draggable}
      onOpen={() => {
        onOpen(application);
      }}
      onMove={(stage) => {
        onMove(application, stage);
      }}
    />
  ));
}

function StageColumn({ column, stages, onOpen, onMove }: ColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: `stage-${String(column.stage.id)}` });
  const headingId = `stage-${String(column.stage.id)}-heading`;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      component="section"
      aria-labelledby={headingId}
      data-testid="board-column"
      bg={isOver ? 'var(--mantine-color-default-hover)' : undefined}
      style={{ width: 272, flex: '0 0 272px', display: 'flex', flexDirection: 'column', maxHeight: '70vh' }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb="xs">
        <Title order={2} size="h5" id={headingId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {column.stage.name}
        </Title>
        <Badge variant="light" color={stageColor(column.stage.kind)} style={{ flexShrink: 0 }}>
          {column.applications.length}
        </Badge>
      </Group>
      <ScrollArea.Autosize mah="calc(70vh - 56px)" type="auto" offsetScrollbars>
        <Stack gap="xs" mih={60}>
          {column.applications.length === 0 ? (
            <Text size="xs" c="dimmed" ta="center" py="md">
              {NO_APPLICATIONS_IN_STAGE}
            </Text>
          ) : (
            <ColumnCards column={column} stages={stages} draggable onOpen={onOpen} onMove={onMove} />
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}

/** Desktop: the stages side by side in one card that scrolls sideways inside itself; cards dragged between them. */
function BoardColumns({ columns, stages, onOpen, onMove, applications }: ColumnsProps & { applications: readonly ApplicationSummary[] }) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: MOUSE_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_DELAY_MS, tolerance: 5 } }),
    useSensor(KeyboardSensor),
  );
  const onDragEnd = (event: DragEndEvent) => {
    const id = /^application-(\d+)$/.exec(String(event.active.id));
    const application = id ? applications.find((a) => a.id === Number(id[1])) : undefined;
    const stageId = dropStage(event.over ? String(event.over.id) : null, applications);
    const stage = stages.find((s) => s.id === stageId);
    if (application && stage) onMove(application, stage);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCorners} onDragEnd={onDragEnd}>
      <ScrollArea type="auto" offsetScrollbars data-testid="board">
        <Group gap="sm" wrap="nowrap" align="flex-start" pb="xs">
          {columns.map((column) => (
            <StageColumn key={column.stage.id} column={column} stages={stages} onOpen={onOpen} onMove={onMove} />
          ))}
        </Group>
      </ScrollArea>
    </DndContext>
  );
}

/** Phone: one stage at a time, opened from a list of stages with their counts; Move to … on each card. */
function BoardAccordion({ columns, stages, onOpen, onMove }: ColumnsProps) {
  const first = columns.find((column) => column.applications.length > 0) ?? columns[0];
  return (
    <Accordion variant="separated" multiple defaultValue={first ? [String(first.stage.id)] : []} data-testid="board">
      {columns.map((column) => (
        <Accordion.Item key={column.stage.id} value={String(column.stage.id)} data-testid="board-column">
          <Accordion.Control>
            <Group justify="space-between" wrap="nowrap" gap="xs" pr="xs">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {column.stage.name}
              </Text>
              <Badge variant="light" color={stageColor(column.stage.kind)}>
                {column.applications.length}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              {column.applications.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {NO_APPLICATIONS_IN_STAGE}
                </Text>
              ) : (
                <ColumnCards column={column} stages={stages} draggable={false} onOpen={onOpen} onMove={onMove} />
              )}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/**
 * Supervisor → Applications (issue 26): the applications to the forms the viewer reviews, a
 * board by stage: columns on a desktop (drag a card to another column, or Move to …), a list
 * of stages on a phone. Open shows the answers, notes and votes, and in an accepted stage Hire.
 */
export function ApplicationsPage() {
  const slug = useActiveSlug();
  const query = useQuery(boardQueryOptions(slug));
  const desktop = useMediaQuery(DESKTOP);
  const moves = useMoves();
  const [formChoice, setFormChoice] = useState<string | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const forms = query.data?.forms ?? [];
  const form: BoardForm | undefined = forms.find((f) => String(f.id) === formChoice) ?? forms.find((f) => f.isOpen) ?? forms[0];
  const shown = moves.pending === null ? (query.data?.applications ?? []) : movedLocally(query.data?.applications ?? [], moves.pending.applicationId, moves.pending.stageId);
  const columns = form ? boardColumns(form.stages, shown, form.id) : [];
  const onMove = (application: ApplicationSummary, stage: Stage) => {
    moves.request({ application, stage });
  };
  const onOpen = (application: ApplicationSummary) => {
    setOpened(application.id);
  };

  return (
    <Page
      size="xl"
      title={BOARD_TITLE}
      description={BOARD_DESCRIPTION}
      actions={
        forms.length > 1 && (
          <Select
            aria-label="Form"
            data={forms.map((f) => ({ value: String(f.id), label: f.isOpen ? f.title : `${f.title} (closed)` }))}
            value={form ? String(form.id) : null}
            allowDeselect={false}
            onChange={setFormChoice}
            w={{ base: '100%', xs: 260 }}
          />
        )
      }
    >
      <QueryStatus
        query={query}
        loading="Loading applications…"
        errorTitle={BOARD_UNAVAILABLE}
        errorText={recruitmentErrorText}
        empty={forms.length === 0 ? NO_REVIEWED_FORMS : null}
        emptyTestId="board-empty"
      >
        {form && (
          <Stack gap="xs">
            {forms.length === 1 && (
              <Text size="sm" fw={600}>
                {form.title}
                {!form.isOpen && ' (closed)'}
              </Text>
            )}
            {desktop ? (
              <BoardColumns columns={columns} stages={form.stages} onOpen={onOpen} onMove={onMove} applications={shown} />
            ) : (
              <BoardAccordion columns={columns} stages={form.stages} onOpen={onOpen} onMove={onMove} />
            )}
          </Stack>
        )}
      </QueryStatus>
      {opened !== null && (
        <ApplicationDialog
          applicationId={opened}
          stages={forms.find((f) => f.id === shown.find((a) => a.id === opened)?.formId)?.stages ?? form?.stages ?? []}
          onMove={onMove}
          onClose={() => {
            setOpened(null);
          }}
        />
      )}
      {moves.denying !== null && <DenyDialog application={moves.denying.application} stage={moves.denying.stage} onClose={moves.closeDenying} />}
    </Page>
  );
}
