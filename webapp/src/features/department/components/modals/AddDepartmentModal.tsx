import { createStructureItem } from '../../api/structure';
import { DEPARTMENT_NAME_REQUIRED } from '../../lib/structure';
import type { StructureModalProps } from './common';
import { NamedItemModal } from './NamedItemModal';

/** Add Department: a name and the linked Discord role. */
export function AddDepartmentModal(props: StructureModalProps) {
  return (
    <NamedItemModal
      {...props}
      saved="Department added"
      title="Add Department"
      nameLabel="Department name"
      nameRequired={DEPARTMENT_NAME_REQUIRED}
      write={(name, roleId) => createStructureItem({ type: 'department', parentId: null, data: { name, roleId } })}
    />
  );
}
