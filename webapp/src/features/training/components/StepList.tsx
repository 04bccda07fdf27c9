import {
  closestCenter,
  DndContext,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { ArrowIcon, CrossIcon } from '@/components/icons';
import { SortableRow, useSortSensors } from '@/components/SortableRow';
import { dropStep, moveItem, newStep, type EditorStep } from '../lib/templates';

const TOUCH_DELAY_MS = 200;

interface StepRowProps {
  step: EditorStep;
  index: number;
  count: number;
  readOnly: boolean;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (step: EditorStep) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onEnter: () => void;
}

function StepRow({ step, index, count, readOnly, inputRef, onChange, onMove, onRemove, onEnter }: StepRowProps) {
  const number = index + 1;
  return (
    <SortableRow
      sortableId={step.key}
      label={`step ${String(number)}`}
      sortable={!readOnly}
      component="li"
      gap="xs"
      testId="template-step"
      footer={
        <Group gap="xs" mt={6} justify="space-between" wrap="wrap" pl={readOnly ? 0 : 36}>
          <Checkbox
            label="Required"
            checked={step.required}
            disabled={readOnly}
            aria-label={`Step ${String(number)} required`}
            onChange={(event) => {
              onChange({ ...step, required: event.currentTarget.checked });
            }}
          />
          {!readOnly && (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move step ${String(number)} up`}
                disabled={index === 0}
                onClick={() => {
                  onMove(index - 1);
                }}
              >
                <ArrowIcon />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move step ${String(number)} down`}
                disabled={index === count - 1}
                onClick={() => {
                  onMove(index + 1);
                }}
              >
                <ArrowIcon down />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={`Remove step ${String(number)}`} onClick={onRemove}>
                <CrossIcon />
              </ActionIcon>
            </Group>
          )}
        </Group>
      }
    >
      <Text size="sm" c="dimmed" w={22} ta="right" style={{ flexShrink: 0 }} aria-hidden="true">
        {number}.
      </Text>
      <TextInput
        ref={inputRef}
        aria-label={`Step ${String(number)}`}
        placeholder="Describe the step"
        value={step.text}
        readOnly={readOnly}
        style={{ flex: 1, minWidth: 0 }}
        onChange={(event) => {
          onChange({ ...step, text: event.currentTarget.value });
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !readOnly) {
            // Enter adds the next step (the Save button saves).
            event.preventDefault();
            onEnter();
          }
        }}
      />
    </SortableRow>
  );
}

export interface StepListProps {
  steps: EditorStep[];
  readOnly: boolean;
  onChange: (steps: EditorStep[]) => void;
}

/**
 * The ordered checklist of a template: each step's text and Required flag (a new step is
 * required), reordered by dragging its handle (mouse, touch or keyboard: Space, arrows,
 * Space) or with the Move up / Move down buttons. Enter in a step adds the next one.
 */
export function StepList({ steps, readOnly, onChange }: StepListProps) {
  const sensors = useSortSensors(TOUCH_DELAY_MS);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const focusKey = useRef<string | null>(null);

  useEffect(() => {
    if (focusKey.current === null) return;
    inputs.current.get(focusKey.current)?.focus();
    focusKey.current = null;
  }, [steps]);

  const onDragEnd = (event: DragEndEvent) => {
    onChange(dropStep(steps, String(event.active.id), event.over ? String(event.over.id) : null));
  };

  const addAfter = (index: number) => {
    const step = newStep();
    focusKey.current = step.key;
    onChange([...steps.slice(0, index + 1), step, ...steps.slice(index + 1)]);
  };

  return (
    <Stack gap="xs">
      {steps.length === 0 ? (
        <Text size="sm" c="dimmed">
          No steps yet.
        </Text>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={steps.map((step) => step.key)} strategy={verticalListSortingStrategy}>
            <Stack component="ol" gap="xs" m={0} p={0} aria-label="Steps">
              {steps.map((step, index) => (
                <StepRow
                  key={step.key}
                  step={step}
                  index={index}
                  count={steps.length}
                  readOnly={readOnly}
                  inputRef={(element) => {
                    if (element === null) inputs.current.delete(step.key);
                    else inputs.current.set(step.key, element);
                  }}
                  onChange={(changed) => {
                    onChange(steps.map((s) => (s.key === step.key ? changed : s)));
                  }}
                  onMove={(to) => {
                    focusKey.current = null;
                    onChange(moveItem(steps, index, to));
                  }}
                  onRemove={() => {
                    onChange(steps.filter((s) => s.key !== step.key));
                  }}
                  onEnter={() => {
                    addAfter(index);
                  }}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
      {!readOnly && (
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => {
              addAfter(steps.length - 1);
            }}
          >
            Add step
          </Button>
        </Group>
      )}
    </Stack>
  );
}
