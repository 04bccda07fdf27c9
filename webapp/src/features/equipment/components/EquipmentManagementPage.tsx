import { useQuery } from '@tanstack/react-query';
import { useActiveSlug } from '@/agency/context';
import { CatalogueCard } from '@/components/CatalogueCard';
import { CatalogueManager, type CatalogueTexts } from '@/components/CatalogueManager';
import { managedEquipmentQueryOptions, useSaveEquipment } from '../api/equipment';
import {
  CONFIRM_REMOVE_EQUIPMENT,
  displaySections,
  EQUIPMENT_REMOVED,
  manageLoadErrorText,
  NO_EQUIPMENT_CONFIGURED,
  saveErrorText,
  sectionCountText,
  UNABLE_TO_LOAD_EQUIPMENT,
} from '../lib/equipment';
import { EntryImage } from './EntryImage';
import { EquipmentModal } from './EquipmentModal';
import { SectionLists } from './SectionLists';

const TEXTS: CatalogueTexts = {
  title: 'Equipment management',
  description: 'The kits of the agency and which ranks may carry them.',
  add: 'New equipment',
  loading: 'Loading equipment…',
  unableToLoad: UNABLE_TO_LOAD_EQUIPMENT,
  empty: NO_EQUIPMENT_CONFIGURED,
  confirmRemove: CONFIRM_REMOVE_EQUIPMENT,
  removed: EQUIPMENT_REMOVED,
};

/**
 * Equipment management (command-and-reports §2 "Equipment management", §4, §5, §7, §8): the
 * whole equipment list with New equipment and Refresh; each card with image, name, section
 * count, notes and the sections with their items, Edit and Delete. Every save sends the whole
 * list at the version read; the list shows the change before the save returns and goes back
 * if it fails (useSaveEquipment). The screen itself is the shared CatalogueManager.
 */
export function EquipmentManagementPage() {
  const slug = useActiveSlug();
  const query = useQuery(managedEquipmentQueryOptions(slug));
  const remove = useSaveEquipment(slug);
  return (
    <CatalogueManager
      texts={TEXTS}
      testId="equipment"
      query={query}
      remove={remove}
      entriesOf={(list) => list.equipment}
      saveBody={(equipment, version) => ({ equipment, version })}
      nameOf={(entry) => entry.name}
      loadErrorText={manageLoadErrorText}
      saveErrorText={saveErrorText}
      renderCard={(entry, actions) => {
        const sections = displaySections(entry);
        return (
          <CatalogueCard
            name={entry.name}
            image={<EntryImage src={entry.image} alt={entry.name} />}
            count={sectionCountText(sections.length)}
            allowedRanks={entry.allowedRanks}
            requiredQualifications={entry.requiredQualifications}
            ranks={query.data?.ranks ?? []}
            notes={entry.notes}
            actions={actions}
            data-testid="equipment-card"
          >
            <SectionLists sections={sections} />
          </CatalogueCard>
        );
      }}
      renderDialog={(props) => <EquipmentModal slug={slug} {...props} />}
    />
  );
}
