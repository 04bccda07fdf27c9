import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useActiveSlug } from '@/agency/context';
import { CatalogueCard } from '@/components/CatalogueCard';
import { CatalogueManager, type CatalogueTexts } from '@/components/CatalogueManager';
import { managedUniformsQueryOptions, useSaveUniforms, type Uniform } from '../api/uniforms';
import {
  CONFIRM_REMOVE_UNIFORM,
  displayAttachments,
  filledSlots,
  gearSlotCountText,
  manageLoadErrorText,
  NO_UNIFORMS_CONFIGURED,
  saveErrorText,
  UNABLE_TO_LOAD_UNIFORMS,
  UNIFORM_REMOVED,
} from '../lib/uniforms';
import { AttachmentChips } from './AttachmentChips';
import { UniformImage } from './UniformImage';
import { UniformModal } from './UniformModal';

/** The uniform card image (command-and-reports §9): 140x180. */
const IMAGE_WIDTH = 140;
const IMAGE_HEIGHT = 180;

const TEXTS: CatalogueTexts = {
  title: 'Uniform management',
  description: 'The uniforms of the agency, their gear and which ranks wear them.',
  add: 'New uniform',
  loading: 'Loading uniforms…',
  unableToLoad: UNABLE_TO_LOAD_UNIFORMS,
  empty: NO_UNIFORMS_CONFIGURED,
  confirmRemove: CONFIRM_REMOVE_UNIFORM,
  removed: UNIFORM_REMOVED,
};

/** What a uniform card holds after its summary: each filled gear slot's text, and the attachment chips. */
function UniformGear({ uniform }: { uniform: Uniform }) {
  const slots = filledSlots(uniform.gear);
  return (
    <>
      {slots.length > 0 && (
        <Stack gap={4} component="dl" m={0}>
          {slots.map(({ slot, label, text }) => (
            <Group key={slot} gap="xs" align="flex-start" wrap="nowrap" data-testid="gear-slot">
              <Text component="dt" size="sm" fw={600} w={84} style={{ flex: 'none' }}>
                {label}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: 0 }}>
                {text}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      <AttachmentChips attachments={displayAttachments(uniform.attachments)} />
    </>
  );
}

/**
 * Uniform management (command-and-reports §2 "Uniform management", §4, §5, §7, §8, §9): every
 * uniform with New uniform and Refresh; each card with its 140x180 image, name, how many gear
 * slots are filled, the summary, each slot's text and the attachment chips, Edit and Delete.
 * Edits are applied to the list, which is saved whole; the server's answer replaces it. The
 * screen itself is the shared CatalogueManager.
 */
export function UniformManagementPage() {
  const slug = useActiveSlug();
  const query = useQuery(managedUniformsQueryOptions(slug));
  const remove = useSaveUniforms(slug);
  return (
    <CatalogueManager
      texts={TEXTS}
      testId="uniforms"
      query={query}
      remove={remove}
      entriesOf={(list) => list.uniforms}
      saveBody={(uniforms, version) => ({ uniforms, version })}
      nameOf={(uniform) => uniform.name}
      loadErrorText={manageLoadErrorText}
      saveErrorText={saveErrorText}
      renderCard={(uniform, actions) => (
        <CatalogueCard
          name={uniform.name}
          image={<UniformImage src={uniform.image} alt={uniform.name} width={IMAGE_WIDTH} height={IMAGE_HEIGHT} placeholder />}
          count={gearSlotCountText(uniform.gear)}
          allowedRanks={uniform.allowedRanks}
          requiredQualifications={uniform.requiredQualifications}
          ranks={query.data?.ranks ?? []}
          notes={uniform.notes}
          actions={actions}
          data-testid="uniform-card"
        >
          <UniformGear uniform={uniform} />
        </CatalogueCard>
      )}
      renderDialog={(props) => <UniformModal slug={slug} {...props} />}
    />
  );
}
