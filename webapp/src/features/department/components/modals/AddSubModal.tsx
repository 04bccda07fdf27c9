import type { Department } from '@/api/types';
import { createStructureItem } from '../../api/structure';
import { SUB_NAME_REQUIRED } from '../../lib/structure';
import type { StructureModalProps } from './common';
import { NamedItemModal } from './NamedItemModal';

/** Add Sub: a sub-department of `department`, with its linked Discord role. */
export function AddSubModal({ department, ...props }: StructureModalProps & { department: Department }) {
  return (
    <NamedItemModal
      {...props}
      saved="Sub-department added"
      title="Add Sub"
      nameLabel="Sub-department name"
      nameRequired={SUB_NAME_REQUIRED}
      write={(name, roleId) => createStructureItem({ type: 'sub', parentId: department.id, data: { name, roleId } })}
    />
  );
}
